"""Issue 25, rows for the family the blind sets 25 to 29 missed (w30b): a GPU smaller than the program needs
(rows of the cuda area, joined into the catalogue by signatures/__init__.py).

Ethash miners (ethminer, lolMiner, Claymore) build the epoch's DAG in GPU memory when they start or the epoch changes.
The DAG grows with the chain, so a card that mined last month stops with "out of memory" at DAG generation: no driver,
page file or reinstall changes that, only a card with more free memory, another GPU driving the display, or a coin whose
DAG is smaller. ETHASH_DAG_SIZES is the dated table the advice quotes.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# Ethash's dataset: 2**30 bytes at epoch 0, growing by 2**23 bytes (8 MiB) per epoch of 30000 blocks, plus a light
# cache of some 16-64 MiB. (epoch, GiB, when the chain reached it). Ethereum left proof of work on 2022-09-15;
# Ethereum Classic's Etchash (ECIP-1099, epoch 390, November 2020) doubled the epoch length, halving the growth.
# Source: https://ethereum.org/en/developers/docs/consensus-mechanisms/pow/mining/mining-algorithms/ethash/ and
# https://ecips.ethereumclassic.org/ECIPs/ecip-1099; checked 2026-11-27.
ETHASH_DAG_SIZES = ((128, 2.0, "2016-12"), (256, 3.0, "2018-12"), (384, 4.0, "2021-01"))

# The lowest compute capability some programs' builds run on, as their own messages and maintainers state it
# (program, releases, minimum, source); checked 2026-11-27. The advice of
# cuda.program-below-minimum-compute-capability quotes the minimum the message names.
PROGRAM_MIN_CAPABILITY = (
    ("DeepFaceLab", "builds of 2019 on TensorFlow 1.13", "3.5 (3.7 in January-February 2019)",
     "https://github.com/iperov/DeepFaceLab/issues/264"),
    ("TensorFlow pip packages", "1.5 and later", "3.5", "https://www.tensorflow.org/install/pip"),
    ("dlib's CUDA DNN", "19.x", "3.0", "https://github.com/davisking/dlib/issues/499"),
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.ethash-dag-exceeds-gpu-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # ethminer's CUDA miner (init in 0.11-0.17, CUDAMiner::initEpoch_internal in 0.18), lolMiner's and Claymore's
        # own words when the epoch's DAG does not fit.
        patterns=(r"CUDA error in func '?[\w:]{0,80}(?:init|initEpoch_internal)'? at line \d{1,5} ?:? out of memory",
                  r"insufficient memory for DAG epoch (?P<epoch>\d{1,4})",
                  r"cannot allocate big buffer for DAG",
                  r"not enough GPU memory to place DAG"),
        # A miner's "invalid device ordinal" in the same paste (an older ethminer on the same card, run_ethash_search)
        # is that card failing the same DAG, not a device index to change (w40b).
        refines=("cuda.invalid-device-ordinal",), refines_within=None,
        severity="fail",
        cause=("The Ethash DAG of the epoch being mined, with the light cache and what the display and the OS keep on "
               "this GPU, is larger than the card's free memory, so the miner cannot build it."),
        advice=("This GPU is too small for the current DAG (about 1 GiB + 8 MiB per epoch: 2 GiB from epoch 128 in "
                "late 2016, 3 GiB from epoch 256 in late 2018, 4 GiB from epoch 384 in January 2021): check the free "
                "memory in nvidia-smi before starting, drive the display from another GPU (Windows 10 WDDM and a "
                "desktop keep part of VRAM), or mine a coin or algorithm with a smaller DAG on a card with more memory; "
                "Ethereum itself has had no GPU mining since September 2022."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU's hardware"),
        never_suggest=("reinstall the driver", "replace the GPU"),
        sources=("https://github.com/ethereum-mining/ethminer/issues/1929",
                 "https://github.com/Lolliedieb/lolMiner-releases/issues/132",
                 "https://github.com/ethereum-mining/ethminer/issues/1891",
                 "https://ethereum.org/en/developers/docs/consensus-mechanisms/pow/mining/mining-algorithms/ethash/"),
        checked="2026-11-27",
        examples=("cuda/ethminer-1929-gtx1050ti-epoch-288-dag-oom.txt",
                  "cuda/lolminer-132-gtx1050ti-insufficient-memory-dag-epoch.txt",
                  "cuda/ethminer-1891-gtx1050ti-4gb-dag-oom-desktop.txt"),
    ),
    Signature(
        code="cuda.program-below-minimum-compute-capability",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # DeepFaceLab's device check (device.py, DFL_TF_MIN_REQ_CAP) in its two wordings: no device at all meets the
        # minimum, or a named one does not and the program falls back to the CPU.
        patterns=(r"No CUDA device found with minimum required compute capability (?P<minimum>\d{1,2}\.\d)",
                  r"does not meet minimum required compute capability:? (?P<minimum>\d{1,2}\.\d)"),
        severity="fail",
        cause=("This program's build needs a GPU of compute capability {minimum} or newer, and the GPU here is older, "
               "so it finds no usable CUDA device (or falls back to the CPU)."),
        advice=("The GPU is too old for this build: use a GPU of compute capability {minimum} or newer (look it up on "
                "https://developer.nvidia.com/cuda-gpus), or an older release of the program whose framework still "
                "has kernels for this GPU (DeepFaceLab: tensorflow-gpu 1.10 for 3.5), or its CPU mode; no driver or "
                "CUDA install lowers the minimum."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/iperov/DeepFaceLab/issues/264", "https://github.com/iperov/DeepFaceLab/issues/140",
                 "https://github.com/iperov/DeepFaceLab/issues/515", "https://developer.nvidia.com/cuda-gpus"),
        checked="2026-11-27",
        examples=("cuda/deepfacelab-264-gtx780m-no-device-min-cc-35.txt",
                  "cuda/deepfacelab-140-k40m-below-min-cc-37-cpu.txt"),
    ),
)
