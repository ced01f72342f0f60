"""CUDA area, the driver's video encoder (NVENC) as FFmpeg and the programs built on it (OBS, HandBrake, media servers,
recorders) report it: rows of the cuda area, added to cuda.py's tuple."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# NVIDIA's Video Codec SDK: each NVENC API version needs a minimum driver, and the consumer cards' session cap.
VIDEO_CODEC_SDK = "https://docs.nvidia.com/video-technologies/video-codec-sdk/"
ENCODE_SUPPORT_MATRIX = "https://developer.nvidia.com/video-encode-and-decode-gpu-support-matrix-new"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.nvenc-api-newer-than-driver",
        cause_id="nvenc-driver-too-old",
        kinds=("any",),
        # FFmpeg's nvenc.c, when the driver's NVENC API (nvEncodeAPIGetMaxSupportedVersion) is older than the
        # nv-codec-headers it was built with. The "minimum required Nvidia driver for nvenc is N or newer" line after it
        # is read alone by cuda.nvenc-minimum-driver (a warn: FFmpeg prints it too when the driver's encode library cannot
        # be loaded at all, containers.nvenc-library-not-mounted), which this row refines on the next line.
        # NV_ENC_ERR_INVALID_VERSION (15, "an invalid struct version was used by the client") is the same mismatch seen
        # one call later: the program's NVENC structures are newer than the driver's, as FFmpeg ("Cannot get the preset
        # configuration: invalid version (15)", "OpenEncodeSessionEx failed: invalid version (15)") and OBS's own NVENC
        # encoder ("failed: 15 (NV_ENC_ERR_INVALID_VERSION)") report it. OBS's dialog "The installed NVIDIA driver does not
        # support this NVENC version" is not read: OBS 30.1.0 and 30.1.1 showed it wrongly for drivers older than 531.61
        # (obs-studio pull 10445).
        # The versions may be cut off (a dialog, a GUI's log or a person quoting only the first sentence): the sentence
        # alone is still FFmpeg's, and only this check prints it.
        patterns=(r"[Dd]river does not support the required nvenc API version(?:\. Required: (?P<required>\d{1,2}\.\d{1,2}) "
                  r"Found: (?P<found>\d{1,2}\.\d{1,2}))?",
                  r"\[(?:h264|hevc|av1)_nvenc @ [^\]\n]{1,40}\] [^\n]{1,80}: invalid version \(15\)",
                  r"NV_ENC_ERR_INVALID_VERSION",
                  r"invalid struct version was used by the client"),
        refines=("cuda.nvenc-minimum-driver",), refines_within=1,
        severity="fail",
        cause="The program's NVENC encoder (FFmpeg's, in OBS, HandBrake, a media server or a script) was built for a "
              "newer NVENC API than the installed NVIDIA driver offers, so the hardware encoder cannot open (programs "
              "then fail or fall back to slow software encoding).",
        advice=("Update the NVIDIA driver to at least the version the log or the program's release notes name (NVENC API "
                "11.1 needs driver 471.41, 12.0 needs 520 on Linux / 522 on Windows, 12.1 needs 530 / 531, 12.2 needs "
                "550 / 551.76, 13.0 needs 570); on Windows the driver alone can be installed without the NVIDIA app. "
                "Where no newer driver exists for the GPU (Kepler GTX 600/700 stop at the 470 branch), keep the "
                "program's previous release or an FFmpeg built with older NVENC headers (nv-codec-headers) that the "
                "driver supports, or encode on the CPU."),
        action="configure",
        rules_out=("a GPU without NVENC", "the CUDA toolkit"),
        never_suggest=("reinstall CUDA", "install the CUDA toolkit", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/GyanD/codexffmpeg/issues/181", "https://github.com/HandBrake/HandBrake/issues/5641",
                 "https://github.com/livepeer/go-livepeer/pull/1106", "https://github.com/HandBrake/HandBrake/issues/6506",
                 "https://github.com/obsproject/obs-studio/issues/9847", "https://github.com/BtbN/FFmpeg-Builds/issues/504",
                 "https://github.com/FFmpeg/nv-codec-headers", "https://github.com/Tichau/FileConverter/issues/558",
                 VIDEO_CODEC_SDK),
        checked="2026-11-27",
        examples=("cuda/codexffmpeg-181-nvenc-api-13-found-12-2.txt", "cuda/golivepeer-1106-nvenc-required-9-1.txt",
                  "cuda/handbrake-6506-nvenc-api-12-2-found-12-1.txt",
                  "cuda/obs-9847-flatpak-kepler-nvenc-api-12-found-11-1.txt",
                  "wsl/fileconverter-558-nvenc-api-version-update-driver-prose.txt"),
    ),
    Signature(
        code="cuda.nvenc-session-limit",
        cause_id="nvenc-session-limit",
        kinds=("any",),
        # NV_ENC_ERR_OUT_OF_MEMORY (10) from nvEncOpenEncodeSessionEx, as FFmpeg ("OpenEncodeSessionEx failed: out of
        # memory (10)") and the Video Codec SDK's NvEncoder class ("nvEncOpenEncodeSessionEx(...) returned error 10")
        # print it: on GeForce cards almost always the driver's cap on simultaneous encode sessions, not memory.
        # Newer drivers refuse a session over the cap with NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY (21), which OBS's NVENC
        # encoder and its obs-nvenc-test treat as the session limit too ("Too many concurrent sessions"); OBS logs
        # "<call> failed: 10 (NV_ENC_ERR_OUT_OF_MEMORY)".
        patterns=(r"OpenEncodeSessionEx failed: (?:out of memory \(10\)|incompatible client key \(21\))",
                  r"nvEncOpenEncodeSessionEx\([^\n]{0,120}\) returned error 10\b",
                  r"[Ee]rror on nvEncOpenEncodeSessionEx: 10\b",
                  r"nvEncOpenEncodeSessionEx[^\n]{0,80} failed: (?:10 \(NV_ENC_ERR_OUT_OF_MEMORY\)|21 "
                  r"\(NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY\))",
                  r"NVENC Error: Too many concurrent sessions"),
        severity="fail",
        cause="The NVIDIA driver refused another NVENC encode session (error 10): GeForce cards allow only a few "
              "simultaneous encode sessions per system (2, 3 or 5, by driver release), and this one was over the cap.",
        advice=("Run fewer simultaneous NVENC encodes: stop or limit the other encoders (OBS, another ffmpeg, a media "
                "server's transcodes; `nvidia-smi encodersessions` lists the open sessions) or lower the program's "
                "parallel transcode setting to the limit; encodes beyond it need the CPU encoder or a professional or "
                "data-center GPU, which has no session cap."),
        action="configure",
        rules_out=("the driver installation", "GPU memory"),
        never_suggest=("reinstall the driver", "reinstall CUDA", "reduce the batch size"),
        sources=("https://github.com/NVIDIA/NvPipe/issues/41", "https://github.com/m1k1o/go-transcode/issues/42",
                 "https://github.com/NVIDIA/NvPipe/issues/42", "https://github.com/WWBN/AVideo/issues/4185",
                 "https://github.com/obsproject/obs-studio/blob/master/plugins/obs-nvenc/nvenc-helpers.c",
                 ENCODE_SUPPORT_MATRIX),
        checked="2026-11-26",
        examples=("cuda/nvpipe-41-open-encode-session-error-10.txt", "cuda/gotranscode-42-nvenc-concurrent-sessions.txt"),
    ),
    Signature(
        code="cuda.nvdec-codec-unsupported",
        cause_id="nvdec-codec-unsupported",
        kinds=("any",),
        # FFmpeg's cuviddec.c when the GPU's decoder lacks the stream's codec, profile or depth: cuvidGetDecoderCaps says
        # no ("Codec hevc_cuvid is not supported.", "Bit depth 10 is not supported."), or cuvidCreateDecoder fails with
        # not-supported (older drivers said no-device, on the line or wrapped to the next); NVIDIA's VPF words it too.
        patterns=(r"cuvidCreateDecoder\([^\n]{0,80}\) failed(?: ->\s{0,3}CUDA_ERROR_(?:NOT_SUPPORTED|NO_DEVICE)\b|\s{0,3}->\s*$)",
                  r"Codec (?P<codec>\w{2,12})_cuvid is not supported",
                  r"\[(?P<codec>\w{2,12})_cuvid @ [^\]\n]{1,40}\] Bit depth (?P<depth>\d{1,2}) is not supported",
                  r"Codec not supported on this GPU",
                  # FFmpeg's nvdec.c when cuvidGetDecoderCaps says the GPU cannot decode this codec, profile, depth or
                  # size (-hwaccel cuda; the "Failed setup for format cuda" line after it is generic).
                  r"\] Hardware is lacking required capabilities"),
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.operation-not-supported"), refines_within=1,
        severity="fail",
        cause="The GPU's hardware video decoder (NVDEC) does not support this stream's codec, profile or bit depth, so "
              "the CUDA/cuvid decoder cannot open and decoding has to run on the CPU.",
        advice=("Check the stream (`ffprobe` shows codec, profile and pixel format) against NVIDIA's decode support matrix "
                "for this GPU, then decode it in software on the CPU (drop `-hwaccel cuda` / the `*_cuvid` decoder, or let "
                "the app fall back) and keep the GPU for encoding, or use a GPU whose NVDEC supports it: HEVC needs a GTX "
                "950/960 or GTX 10 series and newer, AV1 an RTX 30 series or newer; 10-bit and 4:4:4 H.264 are not "
                "decoded by any NVIDIA GPU, and mining cards such as the P106 have no decoder."),
        action="configure",
        rules_out=("the driver installation", "a missing GPU"),
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES", "reinstall CUDA"),
        sources=("https://github.com/mpv-player/mpv/pull/3496", "https://github.com/chrisbenincasa/tunarr/issues/1003",
                 "https://github.com/roflcoopter/viseron/issues/687",
                 "https://github.com/0x90d/videoduplicatefinder/issues/812", ENCODE_SUPPORT_MATRIX),
        checked="2026-11-26",
        examples=("cuda/mpv-3496-hevc-cuvid-gtx970-no-hevc.txt", "cuda/tunarr-1003-h264-cuvid-bit-depth-10.txt"),
    ),
)
