/* A fake NVML (libnvidia-ml.so.1) for the attack suite: nvmlInit fails with a chosen code, hangs,
 * or succeeds with a chosen device count; every other function is absent, so pynvml reports
 * NVML_ERROR_FUNCTION_NOT_FOUND for it.
 *
 *   FAKE_NVML_INIT=<code>   nvmlInit returns nvmlReturn_t <code> (0: success)
 *   FAKE_NVML_HANG=1        nvmlInit sleeps forever (a hung driver)
 *   FAKE_NVML_COUNT=<n>     nvmlDeviceGetCount's answer after a successful init (default 0)
 */
#include <stdlib.h>
#include <unistd.h>

static int init_result(void) {
  if (getenv("FAKE_NVML_HANG")) {
    for (;;) sleep(1000);
  }
  const char *code = getenv("FAKE_NVML_INIT");
  return code ? atoi(code) : 0;
}

int nvmlInitWithFlags(unsigned int flags) { (void)flags; return init_result(); }
int nvmlInit_v2(void) { return init_result(); }
int nvmlInit(void) { return init_result(); }
int nvmlShutdown(void) { return 0; }
const char *nvmlErrorString(int code) { (void)code; return "fake NVML error"; }

int nvmlDeviceGetCount_v2(unsigned int *count) {
  const char *n = getenv("FAKE_NVML_COUNT");
  *count = n ? (unsigned int)atoi(n) : 0;
  return 0;
}
