"""Golden tests: the generated kernels of ``poly`` and of softmax (forward and
backward) are pinned, so any change to what the compiler emits for them is
seen in review.  After an intended change, rewrite the files with
``TAPEJIT_UPDATE_GOLDEN=1 pytest tests/targets/cpu/test_golden_kernels.py`` and read the diff.
"""

from __future__ import annotations

import os
import pathlib

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.targets import compile_graph
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph

GOLDEN = pathlib.Path(__file__).parent / 'golden'


def _poly(x):
    x = tapejit.Variable(x)
    loss = F.sum(x ** 2 - 2 * x + 1)
    gx, = tapejit.grad([loss], [x])
    return loss, gx


def _softmax(x, w):
    x = tapejit.Variable(x)
    y = F.softmax(x, axis=1)
    gx, = tapejit.grad([F.sum(y * w)], [x])
    return y, gx


CASES = {
    'poly': (_poly, [np.linspace(-2, 2, 1 << 17).astype(np.float32)]),
    'softmax': (_softmax, [np.random.default_rng(0).standard_normal((64, 10)).astype(np.float32),
                           np.random.default_rng(1).standard_normal((64, 10)).astype(np.float32)]),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_generated_kernels_match_the_golden_files(name):
    fn, args = CASES[name]
    g = trace_graph(fn, args)
    ex = compile_graph(g)
    text = ex.explain() + '\n'
    path = GOLDEN / f'{name}.txt'
    if os.environ.get('TAPEJIT_UPDATE_GOLDEN'):
        path.write_text(text)
    assert text == path.read_text(), (
        f'the kernels generated for {name} changed; if intended, rerun with '
        'TAPEJIT_UPDATE_GOLDEN=1 and review the diff')
    # ... and they compute the same as the interpreter.
    for a, b in zip(ex(args), interpret(g, args)):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_poly_and_its_gradient_are_one_pass():
    ex = compile_graph(trace_graph(*CASES['poly']))
    assert [k for k, _ in ex.plan.steps] == ['kernel']


def test_a_convolution_kernel_matches_its_golden_file():
    # A 3x3 convolution's correlation kernel for 8-lane vectors and a tile of
    # 4 output channels by 2 vectors (fixed here: the machine's own are read
    # at run time), laying its images out itself as conv2d runs it, as LLVM
    # IR.
    import dataclasses

    from tapejit.compiler import contraction as C
    from tapejit.targets.cpu import contraction as K
    fw = C.conv_forward((2, 3, 6, 6), (4, 3, 3, 3), (1, 1), (1, 1), (1, 1), 1, (6, 6), lanes=8)
    corr = dataclasses.replace(fw.corr, batch=0)
    text = K.correlation_ir('golden_conv', corr, np.dtype(np.float32), (4, 2), 8,
                            src=fw.src) + '\n'
    path = GOLDEN / 'conv_forward.ll'
    if os.environ.get('TAPEJIT_UPDATE_GOLDEN'):
        path.write_text(text)
    assert text == path.read_text(), (
        'the convolution kernel changed; if intended, rerun with TAPEJIT_UPDATE_GOLDEN=1 and '
        'review the diff')
    assert text.count('llvm.fma.v8f32') >= 4 * 2 * 9 and 'llvm.masked.store' in text
    assert 'llvm.memcpy' in text           # (the image's rows, laid out by the kernel)


@pytest.mark.parametrize('grad', [False, True])
def test_the_attention_kernels_match_their_golden_files(grad):
    # The forward and gradient attention kernels for 8-lane vectors, score
    # tiles of 4 rows by 3 vectors and products with v, k and q of 2
    # vectors (fixed here: the machine's own are read at run time).
    from tapejit.targets.cpu.attention_ir import attention_ir
    name = 'attention_gradient' if grad else 'attention_forward'
    text = attention_ir('golden_' + name, np.dtype(np.float32), 8, (4, 3, 2), grad) + '\n'
    path = GOLDEN / f'{name}.ll'
    if os.environ.get('TAPEJIT_UPDATE_GOLDEN'):
        path.write_text(text)
    assert text == path.read_text(), (
        'the attention kernel changed; if intended, rerun with TAPEJIT_UPDATE_GOLDEN=1 and '
        'review the diff')
    # (Score tiles, their exponentials as the elementwise kernels compute
    # them, and no score matrix written outside the thread's slot.)
    assert text.count('llvm.fma.v8f32') >= 4 * 3 + 4 * 2 and 'llvm.rint.v8f32' in text
