"""tapejit's benchmarks: the workloads of the benchmark spec, side by side with
NumPy, Chainer, PyTorch and JAX in one run.  ``python -m benchmarks --help``."""
