"""Issue 25, w40h: PyTorch releases that moved ahead of the apps built on them (audio, TTS and checkpoint loaders).

- torchaudio 2.9 (October 2025) removed its own audio I/O layer: what 2.8 wrapped in `dropping_support` (the backend
  functions `list_audio_backends`, `get_audio_backend`, `set_audio_backend`, `info`, `AudioMetaData`) and the sox
  effects are gone, and `load`/`save` became thin wrappers
  over TorchCodec. TTS, whisper and VAD apps (fish-speech, silero-vad, speechbrain, pyannote/whisperX, ComfyUI audio
  nodes) that still call the removed functions fail with "module 'torchaudio' has no attribute ...": the torchaudio
  installed is newer than the app supports. The fix is the app's release for torchaudio 2.9 or torch/torchaudio 2.8.
- The same move makes `torchaudio.load`/`save` need the `torchcodec` package, which torchaudio does not pull in:
  "TorchCodec is required for load_with_torchcodec. Please install torchcodec". Once installed, TorchCodec's own
  failure to load (no FFmpeg, a torch it was not built for) is frameworks.torchcodec-cannot-load's.
- PyTorch 2.6 turned torch.load's default to weights_only=True, so an app that torch.loads a pickled object without
  saying weights_only=False fails with "Weights only load failed. ... In PyTorch 2.6, we changed the default value of
  the weights_only argument", whatever the unpickler then names (an "Unsupported operand 118" as often as a global):
  that sentence now reads into frameworks.torch-load-weights-only-default (frameworks_imports.py).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
TORCHAUDIO_INSTALL = "https://docs.pytorch.org/audio/main/installation.html"
TORCHAUDIO_MAINTENANCE = "https://github.com/pytorch/audio/issues/3902"
TORCHCODEC_INSTALL = "https://github.com/pytorch/torchcodec#installing-torchcodec"
_NOT_THE_DRIVER = ("update the driver", "reinstall the driver", "reinstall CUDA")
# torchaudio's I/O functions that 2.9 removed (deprecated in 2.8)
_REMOVED = r"(?P<attr>list_audio_backends|get_audio_backend|set_audio_backend|info|AudioMetaData|sox_effects)"
_PIN_28 = ("`pip install torch==2.8.0 torchaudio==2.8.0 --index-url https://download.pytorch.org/whl/cu128` (the same "
           "CUDA build as the torch you have, inside the app's own venv)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.torchaudio-29-io-removed",
        cause_id="package-version-conflict",
        kinds=("any",),
        patterns=(
            r"module 'torchaudio' has no attribute '" + _REMOVED + r"'",
            # the sox-based modules went with them (2.8's __init__ still imported sox_effects and, "for BC", backend)
            r"No module named 'torchaudio\.(?P<attr>sox_effects|backend)(?:\.\w{1,40})?'",
            # a Jupyter/IPython traceback's frame at the call itself, which a paste often keeps without its last line
            r"^\s{0,8}-{1,4}> {0,4}\d{1,6} {1,24}[\w.\[\]]{1,60} ?= ?torchaudio\.(?P<attr>list_audio_backends|get_audio_backend"
            r"|info)\(",
        ),
        severity="fail",
        cause=("The code calls torchaudio.{attr}, which torchaudio 2.9 removed (its audio I/O moved to TorchCodec): the "
               "torchaudio installed, usually pulled in with a new torch, is newer than the app or library calling it "
               "supports."),
        advice=("Update the app (or the library in the traceback: silero-vad, speechbrain, pyannote, whisperX) to a "
                "release made for torchaudio 2.9, or pin torch and torchaudio to 2.8: " + _PIN_28 + "; `pip show "
                "torchaudio` shows the version installed. With torchaudio 2.9 kept, audio loading also needs torchcodec "
                "(`pip install torchcodec`) and FFmpeg."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        versions=("torchaudio 2.8: deprecated (UserWarning); 2.9 and later: removed",),
        sources=("https://github.com/fishaudio/fish-speech/issues/1118", "https://github.com/snakers4/silero-vad/issues/715",
                 "https://github.com/snakers4/silero-vad/issues/703", TORCHAUDIO_MAINTENANCE),
        checked=CHECKED,
        examples=("frameworks/silero-vad-715-torchaudio-29-list-audio-backends-read-audio.txt",),
    ),
    Signature(
        code="frameworks.torchaudio-29-io-removed-described",
        described=True,
        cause_id="package-version-conflict",
        kinds=("any",),
        patterns=(
            # "fails due to removal of torchaudio.list_audio_backends()", "torchaudio.info has been removed in 2.9"
            # (not load/save: 2.9 kept them, as aliases of the TorchCodec functions; rev40d)
            r"\b(?:[Rr]emoval of|[Rr]emoved) (?:the )?(?:function )?`?torchaudio\.(?P<attr>list_audio_backends|"
            r"get_audio_backend|set_audio_backend|info|sox_effects)\b",
            r"`?torchaudio\.(?P<attr>list_audio_backends|get_audio_backend|set_audio_backend|info|sox_effects)(?:\(\))?`?"
            r"[^\n]{0,40}?\b(?:(?:was|were|is|has been|have been|got|being|been) (?:fully )?removed|no longer exists?)\b",
        ),
        severity="warn",
        cause=("The description suggests torchaudio 2.9 or later, which removed torchaudio.{attr} (its audio I/O moved "
               "to TorchCodec), under an app that still calls it."),
        advice=("Update the app to a release made for torchaudio 2.9, or pin torch and torchaudio to 2.8: " + _PIN_28
                + "."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/fishaudio/fish-speech/issues/1118", TORCHAUDIO_MAINTENANCE),
        checked=CHECKED,
        examples=("frameworks/fish-speech-1118-torchaudio-29-removed-list-audio-backends.txt",),
    ),
    Signature(
        code="frameworks.torchcodec-not-installed",
        cause_id="python-package-missing",
        kinds=("any",),
        # torchaudio/_torchcodec.py: "TorchCodec is required for load_with_torchcodec. Please install torchcodec to use
        # this function." (save_with_torchcodec alike)
        patterns=(r"TorchCodec is required for (?P<fn>\w{1,40})\. Please install torchcodec",),
        severity="fail",
        cause=("torchaudio 2.9 and later load and save audio through TorchCodec ({fn}), and the torchcodec package is "
               "not installed in this environment (torchaudio does not pull it in)."),
        advice=("Install torchcodec in the same environment, at the release made for your torch (`pip install "
                "torchcodec`; its README's table pairs torchcodec 0.8 with torch 2.9), and FFmpeg's shared libraries "
                "(Linux: `sudo apt install ffmpeg`; Windows: an FFmpeg \"full-shared\" build whose bin folder, with its "
                "DLLs, is on PATH; conda: `conda install -c conda-forge ffmpeg`). Or pin torch and torchaudio to 2.8, "
                "whose torchaudio still loads audio itself: " + _PIN_28 + "."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        versions=("torchaudio 2.9 and later route load/save through TorchCodec",),
        sources=("https://github.com/OpenBMB/VoxCPM/issues/86", TORCHCODEC_INSTALL, TORCHAUDIO_INSTALL),
        checked=CHECKED,
        examples=("frameworks/voxcpm-86-torchaudio-29-torchcodec-required.txt",),
    ),
    Signature(
        code="frameworks.pip-finds-no-triton",
        cause_id="triton-missing",
        kinds=("pip", "other", "powershell", "traceback"),
        # pip's own answers, run with the Python the app uses: `pip uninstall triton` ("WARNING: Skipping triton as it
        # is not installed.") and `pip show triton` ("WARNING: Package(s) not found: triton"). People paste them while
        # a ComfyUI/SageAttention/torch.compile workflow fails on Triton and they "can see Triton in the Lib folder".
        patterns=(r"Skipping (?P<package>triton(?:-windows)?) as it is not installed",
                  r"Package\(s\) not found: (?P<package>triton(?:-windows)?)\b"),
        severity="warn",
        cause=("pip finds no {package} in the Python it was run with: where the app's Triton errors (SageAttention, "
               "torch.compile) come from this Python, Triton is not installed in the environment the app runs, whatever "
               "another Python or folder holds."),
        advice=("Install Triton with that same Python, the one the app runs: on Windows `python_embeded\\python.exe -m "
                "pip install -U \"triton-windows<3.4\"` for ComfyUI portable with torch 2.7 (the bound follows torch, "
                "per triton-windows' README: <3.3 for torch 2.6, <3.5 for 2.8, <3.6 for 2.9), or from the ComfyUI "
                "desktop app's own terminal (its venv); on Linux `pip install triton` of the version torch pins. "
                "Then reinstall SageAttention for that torch, or set the attention mode to sdpa to run without it."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/875",
                 "https://github.com/woct0rdho/triton-windows/issues/141", "https://github.com/woct0rdho/triton-windows"),
        checked=CHECKED,
        examples=("frameworks/wanvideowrapper-875-embedded-python-triton-not-installed.txt",),
    ),
)
