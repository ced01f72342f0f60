"""Issue 25, w44a: what people write when a local LLM app's own release broke it, or when a client's request, not the
model, made Ollama spill to the CPU.

- Garbled output after an update. Ollama, llama.cpp and the apps that bundle it (LM Studio's llama.cpp runtimes,
  llama-cpp-python in text-generation-webui, koboldcpp, Jan) ship often, and a release now and then computes wrong
  on some GPUs, split modes or models: the answers turn to gibberish, runs of "GGGG", "<unused24>" or words out of
  order, while the release before works on the same machine, driver and GGUF (ollama#13444: 0.13.3 against 0.13.2;
  ollama#12142: every release after 0.11.4 on a Jetson; llama.cpp#21855: b8738 on two GPUs against b8737;
  lmstudio-bug-tracker#1821: runtime 2.13.0 against 2.7.1; oobabooga/textgen#5354: llama-cpp-python 0.2.31 against
  0.2.26). No tool prints a line for it; the person's words do: the garbled output beside the release that brought
  it. The fix is the app's, not the machine's: go back to the release that worked, then update to the one that
  fixes it.
- A client that asks for a large context. Ollama sizes a model's memory by the context the request asks for
  (num_ctx): a client that sends 32k by default (bolt.diy's DEFAULT_NUM_CTX, an agent's or an editor's provider
  settings) makes a model that fits the GPU from `ollama run` too big for it, so Ollama splits it between CPU and GPU
  and it is slow (bolt.diy#1732, Kilo-Org/kilocode#2060). The fix is a smaller context in that client.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_w43b import _ADVICE as _CPU_ADVICE

CHECKED = "2026-11-28"

# A person's words for output that is not language: "gibberish", "garbled/corrupted output", "returns nonsense", runs
# of one letter ("GGGGGGGG", ggml's NaN logits decoded as token 0 of many vocabularies). rev44b: "nonsense" only as
# the output ("returns nonsense", "nonsense text"), not "this is nonsense" or "a nonsense question"; never the words
# of its end ("fixed the gibberish", "no (more) gibberish", "the gibberish is gone").
_GARBLED = (r"(?<!\bno )(?<!\bno more )(?<!\blonger get )(?<!\bnot )(?<!\bnever got )(?<!\bwithout )"
            r"(?<!\bfixed the )(?<!\bfixes the )(?<!\bfix the )(?<!\bfix for )"
            r"(?:[Gg]ibberish|[Jj]ibberish|[Gg]arbled|[Ii]ncoherent|[Ii]ncomprehensible|"
            r"[Gg]arbage (?:output|text|responses?|answers?|tokens?|characters)|corrupted output|GGGGGGGG|"
            # w46a: "producing corrupted or unrelated outputs", "corrupted responses"
            r"[Cc]orrupted (?:or \w{3,12} )?(?:outputs|responses?|answers?|text)|"
            # w46a: one token over and over, whatever the prompt ("only generate the exact same one or two tokens
            # regardless of prompt", "repeats the same token")
            r"(?:generat|produc|output|repeat|return)\w{0,3} (?:only )?(?:the )?(?:exact )?same (?:one or two |two |few )?"
            r"(?:tokens?|words?|characters?)\b|"
            r"[Nn]onsense (?:output|text|responses?|answers?|tokens?)|"
            # "some models produce garbage", "it only returns garbage", "began returning nonsense"
            r"(?:produc(?:e|es|ed|ing)|generat(?:e|es|ed|ing)|return(?:s|ed|ing)?|outputs?|gives?|spits? out) "
            r"(?:only |just |total |complete |pure |utter )?(?:garbage|nonsense)\b)"
            r"(?! (?:is|was) (?:gone|fixed|resolved)| went away| disappeared)")
# What says a release brought it, not any version number on the line ("gibberish on my 3090 with CUDA 12.4.1",
# "Mistral-7B-Instruct-v0.3 gives gibberish" are no app's regression; rev44b): the release it began with ("since
# version 0.2.7", "beginning with b8738"), an update ("after the update", "since upgrading", "I updated Ollama to"),
# newer releases in the plural ("the newer versions", "the latest llama-cpp-python builds"), the app named with its
# release ("ollama v0.13.3"), or a way back to the one that worked ("rolling back to 2.7.1", "but v0.13.2 doesn't").
_VERSION = r"(?:v\d{1,3}\.\d{1,3}[.\d]{0,8}|b\d{3,5}|\d{1,2}\.\d{1,3}\.\d{1,3})\b"
_NUMBER = r"(?:v|b)?\d{1,5}[.\d]{0,12}\b"  # after "version", "release", "build"
_RELEASE = (r"(?:\b(?:[Ss]ince|[Aa]fter|[Bb]eginning with|[Ss]tarting (?:with|from)) (?:(?:the )?(?:version|release|build|"
            r"runtime) (?:of (?:[\w.-]{1,20} )?)?" + _NUMBER + r"|" + _VERSION + r")|"
            r"\b(?:[Aa]fter|[Ss]ince) (?:the |an |a |this |my |our )?(?:latest |last |recent |new )?"
            r"(?:update|upgrade|updating|upgrading)\b"
            # the app's update, not the machine's ("since upgrading my RAM", "after updating Windows")
            r"(?! (?:my |the |to (?:a |an |the )?)?(?:RAM|GPU|CPU|card|memory|Windows|macOS|BIOS|kernel|system|"
            r"hardware|motherboard|PSU)\b)|"
            r"\b(?:updated|upgraded) (?:to |Ollama |ollama |LM Studio |llama\.cpp |llama-cpp-python |the runtime )|"
            r"\b(?:newer|newest|latest|recent) (?:[\w.-]{1,25} )?(?:versions|releases|builds|runtimes)\b|"
            r"\bnewer (?:version|release|build|runtime)\b|"
            # "In release b8738 llama-server and llama-cli began returning nonsense"
            r"\b(?:release|version|build|runtime) " + _NUMBER + r"[^\n]{0,120}?\b(?:began|started)\b|"
            # the app and the release it runs, named together ("In olllama [v0.13.3](...) ... gets gibberish", "the
            # llama-cpp-python v0.2.31 ... give gibberish"): the release an issue reports against
            r"\b(?:[Oo]l{2,3}ama|llama\.cpp|llamacpp|llama-cpp-python|LM Studio|LMStudio|koboldcpp|KoboldCpp) \[?"
            r"(?:version |release |build |runtime )?" + _VERSION + r"|"
            # (to a release, not "going to try an older quant"; "go" and "went" only back)
            r"\b(?:(?:[Rr]oll(?:ed|ing)?|[Ss]witch(?:ed|ing)?|[Rr]evert(?:ed|ing)?|[Dd]owngrad(?:e|ed|ing))\b[\w .-]{0,40}? "
            r"(?:back )?to|(?:[Gg]o(?:ing)?|[Ww]ent)\b[\w .-]{0,20}? back to) [\w .-]{0,40}?(?:(?:previous|older|earlier|"
            r"last working) (?:versions?|releases?|builds?|runtimes?)\b|(?:version |release |build )?" + _VERSION + r")|"
            r"\bbut (?:in |with |on )?(?:version |release |build )?" + _VERSION +
            r"[^\n]{0,40}?\b(?:does ?n[o']t|did ?n[o']t|does not|did not|works|worked|is fine|was fine|runs fine|is ok)\b)")
# Not where the line blames the driver or a multi-GPU transport (garbage after a driver update, or from NCCL's peer
# copies and all-reduce, is the driver's or the platform's), another engine or framework (vLLM's, PyTorch's or a
# diffusion app's release is no llama.cpp runtime's), or a cause of its own (a chat template, the temperature, an
# overclock, a converted or quantized file, a context run out).
_NOT_ANOTHER_CAUSE = (r"^(?![^\n]{0,400}?(?:[Dd]river|NCCL|[Aa]ll[-_ ]?[Rr]educe|\bP2P\b|\bp2p\b|\bXid\b|\bECC\b|"
                      r"vLLM|vllm|SGLang|sglang|"
                      r"TensorRT|\bTGI\b|text-generation-inference|[Tt]orch|transformers|[Dd]iffusers|ComfyUI|"
                      r"Stable Diffusion|[Ee]x[Ll]lama|[Tt]emplate|[Tt]emperature|[Oo]verclock|convert_hf|quantiz|"
                      # text shown wrong, not computed wrong (a console's code page, a font), or a context run out
                      r"[Ee]ncoding|UTF-?8|[Ff]onts?\b|[Ee]mojis?\b|[Cc]hinese|markdown|JSON|out of context|"
                      r"context (?:overflow|shift|exceeded|is full)|"
                      # the machine changed, not the app ("since upgrading my RAM the model outputs gibberish in b4000")
                      r"(?:[Uu]pgrad|[Uu]pdat|[Rr]eplac|[Cc]hang|[Ss]wapp)\w{0,3} (?:my |the |a )?(?:RAM|GPU|CPU|memory|BIOS|"
                      r"motherboard|PSU|graphics card)\b))"
                      r"[^\n]{0,400}?")
# The request's size named on the line: the context it asks for, or the memory it makes the model take.
_SIZE_ASKED = (r"^(?=[^\n]{0,600}?(?:num_ctx|\b[Cc]ontext\b|KV cache|\d ?GB allocation|"
               r"[Rr]equest(?:s|ed|ing)? (?:enough |more |too much )?(?:memory|VRAM|context)))")
# Not a line that shows the model whole on the GPU ("100% GPU", "the same size").
_NOT_ON_GPU = r"^(?![^\n]{0,400}?(?:100% ?GPU|\bsame (?:size|SIZE)\b))[^\n]{0,400}?"
_APPS = (r"(?:Ollama|ollama|llama\.cpp|llama-cpp-python|LM Studio|LMStudio|koboldcpp|KoboldCpp|Jan|"
         r"text-generation-webui|textgen)")

# rev44b: what Ollama or llama.cpp does not support yet is a model's architecture here, not a GPU, a platform or a
# feature ("AMD iGPUs are not yet supported by Ollama on Windows", "speculative decoding is not supported in llama.cpp
# yet", "multi-GPU tensor parallelism isn't supported in Ollama"), nor support dropped ("not supported anymore").
_MODEL_NOT_FEATURE = (r"^(?![^\n]{0,400}?(?:GPU|gpu|\bArc\b|AMD|Radeon|ROCm|Intel|Windows|macOS|\bMac\b|Apple|Linux|"
                      r"Kepler|K80|CUDA|Vulkan|Metal|[Pp]arallel|[Ss]peculative|[Ee]mbedding|endpoint|\bAPI\b|OLLAMA_|"
                      r"[Ss]etting|\bflag|\boption|[Ff]eature|tool call|function call|anymore|any more|no longer))")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.output-garbled-after-release-described",
        described=True,
        cause_id="app-fault",
        kinds=("any",),
        patterns=(
            # "since version 0.2.7 ... some models produce garbage", "In release b8738 llama-server ... began returning
            # nonsense", "The latest llama-cpp-python builds give gibberish"
            _NOT_ANOTHER_CAUSE + _RELEASE + r"[^\n]{0,200}?" + _GARBLED,
            # "produces completely garbled/corrupted output ... Rolling back to llama.cpp 2.7.1", "v0.13.3 creates
            # gibberish output, but v0.13.2 doesn't", "outputs garbled text since the update"
            _NOT_ANOTHER_CAUSE + _GARBLED + r"[^\n]{0,200}?" + _RELEASE,
            # the person's conclusion without the words for the output: "the issue is with the newer versions of Ollama"
            # (rev44b: the newer releases in the plural only: "the problem is with the latest version of Ollama" is
            # any complaint about the one release the person runs)
            # and not where the line says what else the newer releases broke (the GPU unseen, a crash, the speed)
            r"^(?![^\n]{0,400}?(?:GPU|gpu|CPU|[Dd]etect|[Cc]rash|[Ss]low|[Mm]emory|VRAM|[Ii]nstall|[Ss]tart))[^\n]{0,300}?"
            r"\b(?:[Ii]ssue|[Pp]roblem|[Bb]ug|[Rr]egression) is (?:with|in) the (?:newer|newest|latest) "
            r"(?:versions|releases|builds) of " + _APPS + r"\b",
        ),
        severity="warn",
        cause=("The description suggests a regression of the app's own release: since an update of Ollama, llama.cpp "
               "or the app's llama.cpp runtime, the model answers with gibberish that the release before did not "
               "produce on the same machine and model; the GPU and the download are not at fault."),
        advice=("Go back to the release that worked and keep it until a fixed one is out: Ollama, install the "
                "previous version from github.com/ollama/ollama/releases (on Linux `curl -fsSL "
                "https://ollama.com/install.sh | OLLAMA_VERSION=0.x.y sh`; the Windows and macOS apps update themselves, "
                "so install the older one and skip the update); LM Studio, select the previous llama.cpp runtime "
                "version under Settings > Runtime (Ctrl+Shift+R); llama.cpp, the build before (b-number) or a later "
                "one that fixes it; llama-cpp-python and text-generation-webui, pin the previous llama-cpp-python "
                "version. Meanwhile one GPU instead of a split (-sm none) or fewer offloaded layers often avoids it. "
                "Then update to the release whose notes name the fix, and report the model and versions to the "
                "project."),
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged model file"),
        never_suggest=("reinstall the driver", "update the driver", "redownload the model"),
        sources=("https://github.com/ollama/ollama/issues/13444", "https://github.com/ollama/ollama/issues/12142",
                 "https://github.com/ggml-org/llama.cpp/issues/21855",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1821",
                 "https://github.com/oobabooga/textgen/issues/5354", "https://github.com/ollama/ollama/releases",
                 "https://github.com/LostRuins/koboldcpp/issues/2378", "https://github.com/LostRuins/koboldcpp/issues/1837"),
        checked=CHECKED,
        examples=("ollama/ollama-13444-v0133-gibberish-v0132-fine.txt",
                  "ollama/ollama-12142-jetson-orin-nano-gibberish-g-newer-releases.txt",
                  "ollama/llamacpp-21855-b8738-multi-gpu-split-nonsense-regression.txt",
                  "ollama/lmstudio-1821-llamacpp-runtime-2130-garbled-output-dual-a5000.txt",
                  "ollama/textgen-5354-llama-cpp-python-0231-cuda-gibberish.txt",
                  "ollama/llamacppdart-81-gibberish-after-llamacpp-b6323.txt",
                  "ollama/llamacpppython-757-server-garbage-since-027.txt",
                  "ollama/koboldcpp-2378-1181-chatml-models-garbage-115-works.txt",
                  "ollama/koboldcpp-1837-glm4-broken-since-1100-same-token.txt"),
    ),
    Signature(
        code="ollama.client-context-spills-to-cpu-described",
        described=True,
        # "Ollama uses the CPU, not the GPU" said in general words is this placement, where the paste says why
        refines=("ollama.runs-on-cpu-described",), refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # "This forced Ollama to offload most of the model to the CPU", "makes ollama split it onto the CPU"; rev44b:
            # with the request's size on the line ("requesting ... an 11GB allocation", num_ctx, the context), not
            # what else puts Ollama on the CPU ("CUDA_VISIBLE_DEVICES=-1 forces Ollama to run on the CPU")
            _SIZE_ASKED + r"[^\n]{0,400}?\b(?:forc(?:e|es|ed|ing)|caus(?:e|es|ed|ing)|mak(?:e|es|ing)|made) (?:Ollama|ollama) "
            r"(?:to )?(?:offload|split|spill|push|put|move|load|run)\b[^\n]{0,60}?\b(?:to|on|onto|into|in) (?:the )?"
            r"(?:CPU|system RAM|RAM|system memory)\b",
            # the split beside a context to make smaller: "40/60 CPU/GPU? ... how to make context window smaller?"
            # (rev44b: not a context named in passing, "48%/52% CPU/GPU even with context length 2048")
            r"\bCPU/GPU\b[^\n]{0,160}?\b(?:[Cc]ontext (?:window|length|size)|num_ctx)\b[^\n]{0,20}?\b(?:smaller|lower)\b",
            r"\bCPU/GPU\b[^\n]{0,160}?\b(?:smaller|lower|reduc(?:e|ed|ing)|decreas(?:e|ed|ing)) (?:the |its |my )?"
            r"(?:[Cc]ontext (?:window|length|size)|num_ctx)\b",
            r"\b(?:smaller|lower|reduc(?:e|ed|ing)|decreas(?:e|ed|ing)) (?:the |its |my )?(?:[Cc]ontext (?:window|length|size)|"
            r"num_ctx)\b[^\n]{0,160}?\bCPU/GPU\b",
            # "num_ctx defaults to 32000 ... not all layers of the model are offloaded to the GPU"
            r"\b(?:num_ctx|[Cc]ontext (?:window|length|size))\b[^\n]{0,200}?\bnot all (?:the )?(?:model's )?layers\b",
            # the same model larger in `ollama ps` when a client loads it: "ollama ps reported ... an 11GB allocation.
            # This forced Ollama to offload most of the model to the CPU", "`ollama ps` says 14 GB whereas the CLI
            # loads it in 9 GB"; rev44b: with the CPU or the CLI to compare on the line, not any size `ollama ps` shows
            # ("ollama ps shows 5.6 GB while nvidia-smi shows 6 GB")
            _NOT_ON_GPU + r"\bollama ps\b[^\n]{0,160}?\b\d{1,3}[.\d]{0,3} ?GB allocation\b[^\n]{0,200}?\b(?:CPU|RAM)\b",
            _NOT_ON_GPU + r"\bollama ps\b[^\n]{0,160}?\b\d{1,3}[.\d]{0,3} ?GB\b[^\n]{0,120}?\b(?:instead of|whereas|while|"
            r"but)\b"
            r"[^\n]{0,80}?\b(?:the CLI|Ollama CLI|ollama CLI|ollama run|the terminal|the command line)\b",
        ),
        severity="warn",
        cause=("The description suggests the client's request, not the model, is too large for the GPU: the app "
               "(an agent, an editor extension, a web UI) asks Ollama for a large context (num_ctx), whose KV cache "
               "makes the loaded model bigger than from `ollama run`, so Ollama places part of it on the CPU and "
               "it runs slowly."),
        advice=("Give that client a context that fits: set its context setting or num_ctx (bolt.diy's "
                "DEFAULT_NUM_CTX, the provider's context window in an editor extension, Open WebUI's Context Length, "
                "`options: {\"num_ctx\": 8192}` in an API request) to what the GPU holds, or create a model with "
                "`PARAMETER num_ctx 8192` in its Modelfile and select that one. `ollama ps` should then show the same "
                "SIZE as after `ollama run` and 100% GPU. A smaller model or quantization, or OLLAMA_FLASH_ATTENTION=1 "
                "with OLLAMA_KV_CACHE_TYPE=q8_0 on the server, also makes it fit."),
        action="configure",
        rules_out=("a GPU that Ollama cannot use",),
        never_suggest=("reinstall the driver", "reinstall Ollama", "update the driver"),
        sources=("https://github.com/stackblitz-labs/bolt.diy/issues/1732", "https://github.com/Kilo-Org/kilocode/issues/2060",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md#how-can-i-specify-the-context-window-size"),
        checked=CHECKED,
        examples=("ollama/boltdiy-1732-default-num-ctx-32768-ollama-cpu-gpu-split.txt",
                  "ollama/kilocode-2060-ollama-provider-cpu-instead-of-gpu-vram.txt",
                  "ollama/browseruse-webui-302-num-ctx-32000-layers-not-offloaded.txt"),
    ),
    Signature(
        code="ollama.lmstudio-runtimes-incompatible-cpu",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        patterns=(
            # main.log when the bundled survey processes (cpu and vulkan) both die on their first AVX2 instruction:
            # "bundled 'vulkan' AND 'cpu' hardware survey both: child process exited with code 1"
            r"\bhardware survey both: child process exited with code\b",
            # the app's own verdict on every runtime it ships, and its start-up failure with no runtime left to pick
            r"All backends available to LM Studio (?:were |are )?detected to be incompatible with your machine",
            r"best backend info is null after logic attempting to get",
        ),
        severity="fail",
        cause=("LM Studio found no runtime this CPU can run: its llama.cpp runtimes (CPU, Vulkan and CUDA alike) and its "
               "hardware survey are built for AVX2, which this processor lacks or has switched off in the firmware, so "
               "the survey dies, the Hardware tab shows the CPU as incompatible and no GPU, and no model loads."),
        advice=_CPU_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged model"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1981",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/83",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/38",
                 "https://lmstudio.ai/docs/app/system-requirements"),
        checked=CHECKED,
        examples=("ollama/lmstudio-1981-avx2-disabled-in-bios-cpu-incompatible-no-gpus.txt",),
    ),
    Signature(
        code="ollama.model-not-supported-yet-described",
        described=True,
        # the runner's bare death on that model (exit status 2, signal: aborted, "no longer running: -1") is the symptom
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # a maintainer's or a helper's words that the model's architecture is not in this Ollama (or llama.cpp) yet:
        # "we don't have support in Ollama yet for the glm3/glm4 models", "this model is not supported in official
        # ollama", "X is not supported yet, but llama.cpp has a PR for it"; never a question
        patterns=(
            _MODEL_NOT_FEATURE + r"[^\n]{0,300}?\b(?:do ?n[o']t|does ?n[o']t|does not|do not) have support (?:in|for) "
            r"(?:Ollama|ollama|llama\.cpp)\b[^\n]{0,10}?\byet\b(?![^\n]{0,120}\?)",
            # rev44b: "isn't supported in Ollama" without "yet" is any feature's answer, not a release to wait for
            _MODEL_NOT_FEATURE + r"[^\n]{0,300}?\bnot yet supported (?:in|by) (?:the )?(?:official |released |current )?"
            r"(?:Ollama|ollama|llama\.cpp|llamacpp)\b(?![^\n]{0,120}\?)",
            _MODEL_NOT_FEATURE + r"[^\n]{0,300}?\b(?:is|are) not (?:yet )?supported (?:in|by) (?:the )?official "
            r"(?:Ollama|ollama|llama\.cpp)\b(?![^\n]{0,120}\?)",
            _MODEL_NOT_FEATURE + r"[^\n]{0,300}?\b(?:is|are) not (?:yet )?supported (?:in|by) "
            r"(?:Ollama|ollama|llama\.cpp|llamacpp) yet\b",
            _MODEL_NOT_FEATURE + r"[^\n]{0,300}?\b(?:is ?n't|are ?n't) supported (?:in|by) (?:Ollama|ollama|llama\.cpp|"
            r"llamacpp) yet\b",
            # "glm4 is not supported, but the underlying llama has related PR"
            _MODEL_NOT_FEATURE + r"[^\n]{0,300}?\bnot (?:yet )?supported\b[^\n]{0,60}?\b(?:llama\.cpp|llamacpp|llama)\b"
            r"[^\n]{0,40}?\b(?:related|open|pending) (?:PR|pull request)\b",
            _MODEL_NOT_FEATURE + r"[^\n]{0,300}?\bnot (?:yet )?supported\b[^\n]{0,60}?\b(?:underlying|upstream) "
            r"(?:llama\.cpp|llamacpp|llama)\b",
        ),
        severity="warn",
        cause=("The description suggests the model's architecture is not supported by this Ollama (or the llama.cpp in "
               "it) yet: the GGUF is newer than the runtime, so the runner dies on load without an error of its own."),
        advice=("Run it with a release that supports the architecture: update Ollama (`curl -fsSL "
                "https://ollama.com/install.sh | sh` on Linux, the app's update elsewhere, a newer ollama/ollama image) "
                "once its release notes or the llama.cpp pull request name the model; until it is merged, use the "
                "model's own llama.cpp build or fork, or a model from ollama.com/library, whose entries list the Ollama "
                "version they need. `ollama -v` must then print the new version."),
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged download"),
        never_suggest=("reinstall the driver", "update the driver", "redownload the model"),
        sources=("https://github.com/ollama/ollama/issues/5351", "https://github.com/ollama/ollama/issues/5427",
                 "https://github.com/ggml-org/llama.cpp/pull/8031", "https://github.com/ollama/ollama/releases"),
        checked=CHECKED,
        examples=("ollama/ollama-5427-glm4-modelfile-runner-no-longer-running-unsupported.txt",
                  "ollama/ollama-5351-glm4-gguf-modelfile-runner-aborted-not-supported-yet.txt"),
    ),
)
