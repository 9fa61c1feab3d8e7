"""The README's Python examples run as written."""

import contextlib
import io
import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parent.parent / 'README.md'
SECTIONS = ['Quick example', 'Tracing a training step', 'Training a model',
            "Chainer's training loop"]


def _python_blocks(section):
    text = README.read_text()
    m = re.search(rf'^## {re.escape(section)}\n(.*?)(?=^## |\Z)', text, re.DOTALL | re.MULTILINE)
    assert m, f'README has no section {section!r}'
    return re.findall(r'^```python\n(.*?)^```', m.group(1), re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize('section', SECTIONS)
def test_readme_python_examples_run(section, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # files they write land here
    blocks = _python_blocks(section)
    assert blocks
    namespace = {'__name__': '__readme__'}  # later blocks of a section use earlier names
    for code in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f'README.md ({section})', 'exec'), namespace)
        if section == 'Training a model':
            assert out.getvalue() == 'True 100\n'
            assert (tmp_path / 'mlp.npz').exists()
        if section == "Chainer's training loop":
            expected = re.search(r'^# (\[.*)$', code, re.MULTILINE).group(1)
            assert out.getvalue() == expected + '\n'
            assert (tmp_path / 'result' / 'snapshot_iter_81').exists()


def test_readme_first_command_trains_the_digits_example():
    block = re.search(r'^```sh\n(.*?)^```', README.read_text(), re.DOTALL | re.MULTILINE)
    first = block.group(1).splitlines()[0]
    assert first == ('python3 -m venv .venv && .venv/bin/pip install -e ".[examples]" && '
                     '.venv/bin/python examples/train_digits.py')


def _all_python_blocks():
    return re.findall(r'^```python\n(.*?)^```', README.read_text(), re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize('index', range(len(_all_python_blocks())))
def test_every_readme_python_block_runs_on_its_own(index, tmp_path, monkeypatch):
    code = _all_python_blocks()[index]
    if 'to_gpu' in code or 'cupy' in code:
        from tapejit.backends import cuda
        if not cuda.available:
            pytest.skip('a GPU example: needs CuPy and a GPU')
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, f'README.md (python block {index})', 'exec'),
             {'__name__': '__readme__'})


def test_readme_mpi_commands_need_no_activated_venv():
    # (MPICH's wheel puts mpiexec in .venv/bin, which is not on PATH.)
    m = re.search(r'^## Data-parallel training over MPI\n+```sh\n(.*?)^```', README.read_text(),
                  re.DOTALL | re.MULTILINE)
    commands = [ln.split('#')[0].strip() for ln in m.group(1).splitlines()]
    assert len(commands) == 3 and 'mpiexec -n 2' in commands[1]
    for cmd in commands:
        assert cmd.startswith('.venv/bin/'), cmd
