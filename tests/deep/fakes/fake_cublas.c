/* A fake cuBLAS (libcublas.so) for testing the stress test of gpudoctor.deep.worker without a GPU.
 *
 * cublasGemmEx really multiplies (fp16 in and out, float accumulation) on the CPU, for the small
 * matrices the tests ask for (--matrix-size 128), and advances the fake driver's clock.
 *
 * Environment knobs:
 *   FAKE_CUBLAS_WRONG=1          every product is off by one in every entry (a wrong known answer)
 *   FAKE_CUBLAS_FLIP_AFTER=N     from the N-th product on, entry 0 has a bit flipped (a product
 *                                unlike the first one)
 */
#include <dlfcn.h>
#include <stdlib.h>

static long g_calls = 0;

int cublasCreate_v2(void **h) { *h = calloc(1, 16); return 0; }
int cublasDestroy_v2(void *h) { free(h); return 0; }
int cublasSetStream_v2(void *h, void *s) { (void)s; return h ? 0 : 1; }
int cublasGetProperty(int type, int *value) { *value = type == 0 ? 13 : (type == 1 ? 1 : 0); return 0; }

int cublasGemmEx(void *h, int ta, int tb, int m, int n, int k, const float *alpha, const void *A, int at, int lda,
                 const void *B, int bt, int ldb, const float *beta, void *C, int ct, int ldc, int compute, int algo) {
  (void)beta; (void)compute; (void)algo;
  if (!h || ta != 1 || tb != 0 || at != 2 || bt != 2 || ct != 2) return 7; /* CUBLAS_STATUS_INVALID_VALUE */
  const _Float16 *a = A, *b = B;
  _Float16 *c = C;
  int wrong = getenv("FAKE_CUBLAS_WRONG") != NULL;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      float s = 0;
      for (int p = 0; p < k; p++) s += (float)a[(long)i * lda + p] * (float)b[(long)j * ldb + p];
      c[(long)j * ldc + i] = (_Float16)(*alpha * s + (wrong ? 1.0f : 0.0f));
    }
  g_calls++;
  const char *flip = getenv("FAKE_CUBLAS_FLIP_AFTER");
  if (flip && g_calls >= atol(flip)) ((unsigned char *)C)[0] ^= 0x01;
  static void (*advance)(size_t) = NULL;
  if (!advance) {
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (cuda) advance = (void (*)(size_t))dlsym(cuda, "fakeCudaAdvance");
  }
  /* 50 ms of the fake driver's clock for 128 x 128 x 128: rounds of a few products, quick on a CPU */
  if (advance) advance((size_t)m * n * k * 2500);
  return 0;
}
