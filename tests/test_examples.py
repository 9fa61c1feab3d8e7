"""The example scripts run from a shell and print the tutorial's values."""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _squash(text):
    return ' '.join(text.split())


def test_variables_and_derivatives_example():
    script = ROOT / 'examples' / 'variables_and_derivatives.py'
    proc = subprocess.run([sys.executable, str(script)], check=False, capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = _squash(proc.stdout)
    for expected in [
        'array([16.], dtype=float32)',                                  # y.array
        'array([8.], dtype=float32)',                                   # x.grad
        'array([-1.], dtype=float32)',                                  # z.grad
        'array([[ 0., 2., 4.], [ 6., 8., 10.]], dtype=float32)',        # 2x3 gradient
        'variable([[ 0., 12., 27.], [ 48., 75., 108.]])',               # x.grad_var
        'array([[ 0., 12., 18.], [24., 30., 36.]], dtype=float32)',     # second derivative
    ]:
        assert expected in out, f'{expected!r} not in the output:\n{proc.stdout}'
    # Each value is preceded by a label line.
    lines = proc.stdout.splitlines()
    assert lines[0].startswith('y.array')
    assert lines[1] == 'array([16.], dtype=float32)'
    assert re.search(r'^\d+(\.\d+)? us per iteration \(\d+ repeats\)$', proc.stdout,
                     re.MULTILINE), proc.stdout
