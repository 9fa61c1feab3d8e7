"""``chainer.backends.cuda`` after a plain ``import chainer`` (Chainer's DDPG
and word2vec examples call ``chainer.backends.cuda.to_cpu``): the submodule is
an attribute of tapejit.backends, imported on first use."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_cuda_and_intel64_are_attributes_of_backends():
    code = ('import sys, numpy, tapejit\n'
            'assert "tapejit.backends.cuda" not in sys.modules\n'
            'x = tapejit.backends.cuda.to_cpu(numpy.ones(2))\n'
            'assert type(x) is numpy.ndarray\n'
            'from tapejit.backends import cuda\n'
            'assert tapejit.backends.cuda is cuda is tapejit.cuda\n'
            'assert tapejit.backends.intel64.is_ideep_available() is False\n'
            'try:\n'
            '    tapejit.backends.nothing\n'
            'except AttributeError as e:\n'
            '    assert "no attribute \'nothing\'" in str(e)\n'
            'print("ok")\n')
    proc = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          timeout=120, env={'PYTHONPATH': str(ROOT)})
    assert proc.stdout.strip() == 'ok', proc.stderr
