"""Reference load for gpudoctor's --stress: PyTorch fp16 8192^3 matmuls on every GPU at once."""
import sys, time
import torch

secs = float(sys.argv[1])
n = 8192
devs = list(range(torch.cuda.device_count()))
mats = {}
for d in devs:
    with torch.cuda.device(d):
        mats[d] = tuple(torch.randn(n, n, device=d, dtype=torch.float16) for _ in range(2)) + (
            torch.empty(n, n, device=d, dtype=torch.float16),)
t0 = time.time()
count = {d: 0 for d in devs}
while time.time() - t0 < secs:
    for d in devs:
        a, b, c = mats[d]
        with torch.cuda.device(d):
            for _ in range(100):
                torch.matmul(a, b, out=c)
        count[d] += 100
    for d in devs:
        torch.cuda.synchronize(d)
el = time.time() - t0
for d in devs:
    print("ref GPU %d: %d matmuls in %.1f s, %.0f TFLOPS" % (d, count[d], el, 2 * n ** 3 * count[d] / el / 1e12))
