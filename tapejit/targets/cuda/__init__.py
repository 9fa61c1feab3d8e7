"""The CUDA target: its op table (:mod:`.ops`), the ``numba.cuda`` kernel
renderer (:mod:`.codegen`) and the runtime on CuPy arrays (:mod:`.executable`)."""
