/* A fake libnccl for testing gpudoctor.deep.worker's all-reduce path without a GPU.
 * Works together with fake_cuda.c (buffers are host memory).
 *
 *   FAKE_NCCL_CORRUPT=1     the last rank's output gets one wrong float (at index 3)
 *   FAKE_NCCL_FAIL=func:code
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int ncclResult_t;
typedef struct { int rank, nranks, dev; } comm_t;
typedef struct { const float *send; float *recv; size_t count; comm_t *comm; } op_t;

static op_t g_ops[64];
static int g_nops = 0;
static int g_depth = 0;

static ncclResult_t hook(const char *fn) {
  const char *f = getenv("FAKE_NCCL_FAIL");
  if (f) {
    size_t n = strlen(fn);
    if (strncmp(f, fn, n) == 0 && f[n] == ':') return atoi(f + n + 1);
  }
  return 0;
}

static void advance(size_t bytes) {
  static void (*fn)(size_t) = NULL;
  if (!fn) {
    void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (h) fn = (void (*)(size_t))dlsym(h, "fakeCudaAdvance");
  }
  if (fn) fn(bytes);
}

ncclResult_t ncclGetVersion(int *v) {
  ncclResult_t r = hook("ncclGetVersion");
  if (r) return r;
  *v = 22703;
  return 0;
}

ncclResult_t ncclCommInitAll(void **comms, int n, const int *devlist) {
  ncclResult_t r = hook("ncclCommInitAll");
  if (r) return r;
  if (n < 1 || n > 64) return 4;
  for (int i = 0; i < n; i++) {
    comm_t *c = calloc(1, sizeof(comm_t));
    c->rank = i;
    c->nranks = n;
    c->dev = devlist ? devlist[i] : i;
    comms[i] = c;
  }
  return 0;
}

ncclResult_t ncclCommDestroy(void *c) {
  ncclResult_t r = hook("ncclCommDestroy");
  if (r) return r;
  free(c);
  return 0;
}

static void run_ops(void) {
  if (g_nops == 0) return;
  size_t count = g_ops[0].count;
  int n = g_ops[0].comm->nranks;
  for (size_t i = 0; i < count; i++) {
    float s = 0.0f;
    for (int k = 0; k < g_nops; k++) s += g_ops[k].send[i];
    for (int k = 0; k < g_nops; k++) g_ops[k].recv[i] = s;
  }
  if (getenv("FAKE_NCCL_CORRUPT") && count > 3) g_ops[g_nops - 1].recv[3] += 1.0f;
  advance(count * 4 * 2 * (size_t)(n > 1 ? n - 1 : 1) / (size_t)n);
  g_nops = 0;
}

ncclResult_t ncclAllReduce(const void *send, void *recv, size_t count, int dtype, int op, void *comm, void *stream) {
  ncclResult_t r = hook("ncclAllReduce");
  if (r) return r;
  comm_t *c = comm;
  if (!c || !stream || dtype != 7 || op != 0) return 4;
  if (g_depth == 0 && c->nranks > 1) return 5; /* would deadlock for real: invalid usage */
  g_ops[g_nops].send = send;
  g_ops[g_nops].recv = recv;
  g_ops[g_nops].count = count;
  g_ops[g_nops].comm = c;
  g_nops++;
  if (g_depth == 0) run_ops();
  return 0;
}

ncclResult_t ncclGroupStart(void) {
  g_depth++;
  return 0;
}

ncclResult_t ncclGroupEnd(void) {
  if (g_depth <= 0) return 5;
  if (--g_depth == 0) run_ops();
  return 0;
}

ncclResult_t ncclCommGetAsyncError(void *c, ncclResult_t *e) {
  (void)c;
  *e = 0;
  return 0;
}

const char *ncclGetErrorString(ncclResult_t r) {
  switch (r) {
    case 0: return "no error";
    case 1: return "unhandled cuda error (fake)";
    case 4: return "invalid argument (fake)";
    case 5: return "invalid usage (fake)";
    default: return "unknown result code";
  }
}

const char *ncclGetLastError(void *c) {
  (void)c;
  return "fake last error";
}
