/* A fake CUDA driver library (in place of libcuda.so.1) for the attack suite: cuInit fails with a chosen code, hangs, or
 * succeeds with two devices that can reach each other; cuDriverGetVersion answers 13000 without cuInit.
 *
 *   FAKE_CUDA_INIT=<code>   cuInit returns CUresult <code> (0: success; 999: CUDA_ERROR_UNKNOWN)
 *   FAKE_CUDA_HANG=1        cuInit sleeps forever (a hung driver)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int initialised;

int cuInit(unsigned int flags) {
  (void)flags;
  if (getenv("FAKE_CUDA_HANG")) { for (;;) sleep(1000); }
  const char *code = getenv("FAKE_CUDA_INIT");
  int result = code ? atoi(code) : 0;
  initialised = result == 0;
  return result;
}

int cuGetErrorName(int error, const char **name) {
  switch (error) {
    case 3: *name = "CUDA_ERROR_NOT_INITIALIZED"; return 0;
    case 100: *name = "CUDA_ERROR_NO_DEVICE"; return 0;
    case 999: *name = "CUDA_ERROR_UNKNOWN"; return 0;
    default: return 1;  /* CUDA_ERROR_INVALID_VALUE: not a code this fake knows */
  }
}

int cuDriverGetVersion(int *version) { *version = 13000; return 0; }
int cuDeviceGetCount(int *count) { if (!initialised) return 3; *count = 2; return 0; }
int cuDeviceGet(int *device, int ordinal) { *device = ordinal; return initialised ? 0 : 3; }
int cuDeviceGetName(char *name, int length, int device) {
  snprintf(name, (size_t)length, "Fake GPU %d", device); return 0;
}
int cuDeviceGetPCIBusId(char *bus_id, int length, int device) {
  snprintf(bus_id, (size_t)length, "0000:%02X:00.0", 0x18 + device); return 0;
}
int cuDeviceCanAccessPeer(int *can, int device, int peer) { *can = device != peer; return 0; }
int cuDeviceGetP2PAttribute(int *value, int attribute, int device, int peer) {
  (void)device; (void)peer;
  if (attribute == 4) return 1;  /* cuda_array_access_supported: refused, as some drivers do */
  *value = attribute == 1 ? 0 : 1; return 0;
}
