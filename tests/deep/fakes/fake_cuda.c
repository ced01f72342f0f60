/* A fake CUDA driver (libcuda.so.1) for testing gpudoctor.deep.worker without a GPU.
 *
 * "Device" memory is host memory; copies are memcpy; events read a virtual clock that
 * every copy/memset advances by bytes / FAKE_CUDA_GBPS (default 100 GB/s).
 *
 * Environment knobs:
 *   FAKE_CUDA_DEVICES=N         number of devices (default 2)
 *   FAKE_CUDA_NO_PEER=1         cuDeviceCanAccessPeer reports 0
 *   FAKE_CUDA_FAIL=func:code    that API function returns `code`
 *   FAKE_CUDA_HANG=func         that API function sleeps forever
 *   FAKE_CUDA_CORRUPT_PEER=off  every cuMemcpyPeerAsync between different devices
 *                               flips the byte at destination offset `off`
 *   FAKE_CUDA_NOISE=1           cuInit writes a line to the process's stdout (fd 1)
 *   FAKE_CUDA_FREE_MIB=N        cuMemGetInfo's free memory (default 1024; total is 1 GiB more)
 *   FAKE_CUDA_CORRUPT_DTOD=off  every cuMemcpyDtoDAsync flips the byte at destination offset `off`
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct { int dev; int peer[64]; } ctx_t;
typedef struct { int dev; } stream_t;
typedef struct { double t; int recorded; int timing; } event_t;

static ctx_t g_ctx[64];
static int g_retain[64];
static int g_init = 0;
static __thread ctx_t *g_current = NULL;
static double g_clock = 0.0; /* seconds */

static int ndev(void) {
  const char *e = getenv("FAKE_CUDA_DEVICES");
  int n = e ? atoi(e) : 2;
  return n < 0 ? 0 : (n > 64 ? 64 : n);
}

static double gbps(void) {
  const char *e = getenv("FAKE_CUDA_GBPS");
  double v = e ? atof(e) : 100.0;
  return v > 0 ? v : 100.0;
}

static void advance(size_t bytes) { g_clock += (double)bytes / (gbps() * 1e9) + 1e-6; }

/* exported for the fake NCCL */
void fakeCudaAdvance(size_t bytes) { advance(bytes); }

static CUresult hook(const char *fn) {
  const char *h = getenv("FAKE_CUDA_HANG");
  if (h && strcmp(h, fn) == 0) {
    for (;;) sleep(1000);
  }
  const char *f = getenv("FAKE_CUDA_FAIL");
  if (f) {
    size_t n = strlen(fn);
    if (strncmp(f, fn, n) == 0 && f[n] == ':') return atoi(f + n + 1);
  }
  return 0;
}

#define HOOK(name)                 \
  do {                             \
    CUresult _r = hook(name);      \
    if (_r) return _r;             \
  } while (0)
#define NEED_INIT \
  do {            \
    if (!g_init) return 3; /* CUDA_ERROR_NOT_INITIALIZED */ \
  } while (0)
#define NEED_CTX \
  do {           \
    if (!g_current) return 201; /* CUDA_ERROR_INVALID_CONTEXT */ \
  } while (0)

CUresult cuInit(unsigned int flags) {
  HOOK("cuInit");
  if (getenv("FAKE_CUDA_NOISE")) {
    printf("fake libcuda: noise on stdout\n");
    fflush(stdout);
  }
  if (flags != 0) return 1;
  g_init = 1;
  return 0;
}

CUresult cuDriverGetVersion(int *v) {
  HOOK("cuDriverGetVersion");
  if (!v) return 1;
  *v = 13000;
  return 0;
}

CUresult cuDeviceGetCount(int *n) {
  HOOK("cuDeviceGetCount");
  NEED_INIT;
  *n = ndev();
  return 0;
}

CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  HOOK("cuDeviceGet");
  NEED_INIT;
  if (ordinal < 0 || ordinal >= ndev()) return 101;
  *d = ordinal;
  return 0;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  HOOK("cuDeviceGetName");
  NEED_INIT;
  if (d < 0 || d >= ndev()) return 101;
  snprintf(name, (size_t)len, "Fake GPU %d", d);
  return 0;
}

CUresult cuDeviceGetPCIBusId(char *bus, int len, CUdevice d) {
  HOOK("cuDeviceGetPCIBusId");
  NEED_INIT;
  if (d < 0 || d >= ndev()) return 101;
  snprintf(bus, (size_t)len, "0000:%02X:00.0", 0x18 + d);
  return 0;
}

CUresult cuDeviceCanAccessPeer(int *can, CUdevice a, CUdevice b) {
  HOOK("cuDeviceCanAccessPeer");
  NEED_INIT;
  *can = (a != b && !getenv("FAKE_CUDA_NO_PEER")) ? 1 : 0;
  return 0;
}

CUresult cuDevicePrimaryCtxRetain(void **pctx, CUdevice d) {
  HOOK("cuDevicePrimaryCtxRetain");
  NEED_INIT;
  if (d < 0 || d >= ndev()) return 101;
  g_ctx[d].dev = d;
  g_retain[d]++;
  *pctx = &g_ctx[d];
  return 0;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) {
  HOOK("cuDevicePrimaryCtxRelease");
  if (d < 0 || d >= ndev() || g_retain[d] <= 0) return 101;
  g_retain[d]--;
  return 0;
}

CUresult cuCtxSetCurrent(void *ctx) {
  HOOK("cuCtxSetCurrent");
  g_current = (ctx_t *)ctx;
  return 0;
}

CUresult cuCtxEnablePeerAccess(void *peer, unsigned int flags) {
  HOOK("cuCtxEnablePeerAccess");
  NEED_CTX;
  ctx_t *p = (ctx_t *)peer;
  if (flags != 0 || !p) return 1;
  if (getenv("FAKE_CUDA_NO_PEER")) return 217;
  if (g_current->peer[p->dev]) return 704;
  g_current->peer[p->dev] = 1;
  return 0;
}

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
  HOOK("cuMemAlloc");
  NEED_CTX;
  void *m = malloc(n ? n : 1);
  if (!m) return 2;
  *p = (CUdeviceptr)(uintptr_t)m;
  return 0;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
  HOOK("cuMemFree");
  NEED_CTX;
  free((void *)(uintptr_t)p);
  return 0;
}

CUresult cuMemHostAlloc(void **pp, size_t n, unsigned int flags) {
  HOOK("cuMemHostAlloc");
  NEED_CTX;
  (void)flags;
  void *m = malloc(n ? n : 1);
  if (!m) return 2;
  *pp = m;
  return 0;
}

CUresult cuMemFreeHost(void *p) {
  HOOK("cuMemFreeHost");
  NEED_CTX;
  free(p);
  return 0;
}

static void fill32(CUdeviceptr p, unsigned int v, size_t n) {
  uint32_t *q = (uint32_t *)(uintptr_t)p;
  for (size_t i = 0; i < n; i++) q[i] = v;
  advance(n * 4);
}

CUresult cuMemsetD32_v2(CUdeviceptr p, unsigned int v, size_t n) {
  HOOK("cuMemsetD32");
  NEED_CTX;
  if (p & 3) return 1;
  fill32(p, v, n);
  return 0;
}

CUresult cuMemsetD32Async(CUdeviceptr p, unsigned int v, size_t n, void *s) {
  HOOK("cuMemsetD32Async");
  NEED_CTX;
  if (p & 3 || !s) return 1;
  fill32(p, v, n);
  return 0;
}

CUresult cuMemcpyPeerAsync(CUdeviceptr dst, void *dctx, CUdeviceptr src, void *sctx, size_t n, void *s) {
  HOOK("cuMemcpyPeerAsync");
  NEED_CTX;
  if (!dctx || !sctx || !s) return 1;
  memmove((void *)(uintptr_t)dst, (void *)(uintptr_t)src, n);
  const char *c = getenv("FAKE_CUDA_CORRUPT_PEER");
  if (c && dctx != sctx) {
    size_t off = (size_t)atoll(c);
    if (off < n) ((unsigned char *)(uintptr_t)dst)[off] ^= 0x5A;
  }
  advance(n);
  return 0;
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, void *s) {
  HOOK("cuMemcpyHtoDAsync");
  NEED_CTX;
  if (!s || !src) return 1;
  memmove((void *)(uintptr_t)dst, src, n);
  advance(n);
  return 0;
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, void *s) {
  HOOK("cuMemcpyDtoHAsync");
  NEED_CTX;
  if (!s || !dst) return 1;
  memmove(dst, (void *)(uintptr_t)src, n);
  advance(n);
  return 0;
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t n, void *s) {
  HOOK("cuMemcpyDtoDAsync");
  NEED_CTX;
  if (!s) return 1;
  memmove((void *)(uintptr_t)dst, (void *)(uintptr_t)src, n);
  const char *c = getenv("FAKE_CUDA_CORRUPT_DTOD");
  if (c) {
    size_t off = (size_t)atoll(c);
    if (off < n) ((unsigned char *)(uintptr_t)dst)[off] ^= 0x5A;
  }
  advance(n);
  return 0;
}

CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total_bytes) {
  HOOK("cuMemGetInfo");
  NEED_CTX;
  const char *e = getenv("FAKE_CUDA_FREE_MIB");
  size_t mib = e ? (size_t)atoll(e) : 1024;
  *free_bytes = mib << 20;
  *total_bytes = (mib + 1024) << 20;
  return 0;
}

CUresult cuStreamCreate(void **ps, unsigned int flags) {
  HOOK("cuStreamCreate");
  NEED_CTX;
  (void)flags;
  stream_t *s = calloc(1, sizeof(stream_t));
  s->dev = g_current->dev;
  *ps = s;
  return 0;
}

CUresult cuStreamDestroy_v2(void *s) {
  HOOK("cuStreamDestroy");
  if (!s) return 400;
  free(s);
  return 0;
}

CUresult cuStreamSynchronize(void *s) {
  HOOK("cuStreamSynchronize");
  if (!s) return 400;
  return 0;
}

CUresult cuStreamWaitEvent(void *s, void *e, unsigned int flags) {
  HOOK("cuStreamWaitEvent");
  if (!s || !e || flags) return 1;
  return 0;
}

CUresult cuEventCreate(void **pe, unsigned int flags) {
  HOOK("cuEventCreate");
  NEED_CTX;
  event_t *e = calloc(1, sizeof(event_t));
  e->timing = !(flags & 2);
  *pe = e;
  return 0;
}

CUresult cuEventRecord(void *e, void *s) {
  HOOK("cuEventRecord");
  if (!e || !s) return 400;
  ((event_t *)e)->t = g_clock;
  ((event_t *)e)->recorded = 1;
  return 0;
}

CUresult cuEventSynchronize(void *e) {
  HOOK("cuEventSynchronize");
  if (!e) return 400;
  return 0;
}

CUresult cuEventElapsedTime_v2(float *ms, void *a, void *b) {
  HOOK("cuEventElapsedTime");
  event_t *x = a, *y = b;
  if (!x || !y || !x->recorded || !y->recorded || !x->timing || !y->timing) return 400;
  *ms = (float)((y->t - x->t) * 1e3);
  return 0;
}

CUresult cuEventDestroy_v2(void *e) {
  HOOK("cuEventDestroy");
  if (!e) return 400;
  free(e);
  return 0;
}

static const char *name_of(CUresult r) {
  switch (r) {
    case 0: return "CUDA_SUCCESS";
    case 1: return "CUDA_ERROR_INVALID_VALUE";
    case 2: return "CUDA_ERROR_OUT_OF_MEMORY";
    case 3: return "CUDA_ERROR_NOT_INITIALIZED";
    case 100: return "CUDA_ERROR_NO_DEVICE";
    case 101: return "CUDA_ERROR_INVALID_DEVICE";
    case 201: return "CUDA_ERROR_INVALID_CONTEXT";
    case 217: return "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED";
    case 220: return "CUDA_ERROR_NVLINK_UNCORRECTABLE";
    case 400: return "CUDA_ERROR_INVALID_HANDLE";
    case 700: return "CUDA_ERROR_ILLEGAL_ADDRESS";
    case 704: return "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED";
    default: return NULL;
  }
}

CUresult cuGetErrorName(CUresult r, const char **p) {
  const char *n = name_of(r);
  if (!n) {
    *p = NULL;
    return 1;
  }
  *p = n;
  return 0;
}

CUresult cuGetErrorString(CUresult r, const char **p) {
  const char *n = name_of(r);
  if (!n) {
    *p = NULL;
    return 1;
  }
  *p = "fake driver error text";
  return 0;
}
