"""The README and the pages of docs/: their Python examples run as written,
their links lead somewhere, and the README stays a short map."""

import contextlib
import io
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / 'README.md'
DOCS = sorted((ROOT / 'docs').glob('*.md'))
PAGES = [README, *DOCS]
# (page, section): the section's Python blocks run in one namespace, in order.
SECTIONS = [('README.md', 'Quick example'),
            ('docs/jit.md', 'Tracing a training step'),
            ('docs/training.md', 'Training a model'),
            ('docs/training.md', "Chainer's training loop")]
MPI_PAGE = ROOT / 'docs' / 'distributed.md'

_FENCE = re.compile(r'^```(\w*)\n(.*?)^```', re.DOTALL | re.MULTILINE)


def _section(page, section):
    text = (ROOT / page).read_text()
    m = re.search(rf'^## {re.escape(section)}\n(.*?)(?=^## |\Z)', text, re.DOTALL | re.MULTILINE)
    assert m, f'{page} has no section {section!r}'
    return m.group(1)


def _python_blocks(text):
    return [code for lang, code in _FENCE.findall(text) if lang == 'python']


@pytest.mark.parametrize('page,section', SECTIONS)
def test_section_python_examples_run(page, section, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # files they write land here
    blocks = _python_blocks(_section(page, section))
    assert blocks
    namespace = {'__name__': '__readme__'}  # later blocks of a section use earlier names
    for code in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f'{page} ({section})', 'exec'), namespace)
        if section == 'Training a model':
            assert out.getvalue() == 'True 100\n'
            assert (tmp_path / 'mlp.npz').exists()
        if section == "Chainer's training loop":
            expected = re.search(r'^# (\[.*)$', code, re.MULTILINE).group(1)
            assert out.getvalue() == expected + '\n'
            assert (tmp_path / 'result' / 'snapshot_iter_81').exists()


def _first_sh_block():
    return next(code for lang, code in _FENCE.findall(README.read_text()) if lang == 'sh')


def test_readme_first_command_trains_the_digits_example():
    first = _first_sh_block().splitlines()[0]
    assert first == ('python3 -m venv .venv && .venv/bin/pip install -e ".[examples]" && '
                     '.venv/bin/python examples/train_digits.py')


def _all_python_blocks():
    return [(page, i, code) for page in PAGES
            for i, code in enumerate(_python_blocks(page.read_text()))]


@pytest.mark.parametrize('page,index,code', _all_python_blocks(),
                         ids=[f'{p.name}-{i}' for p, i, _ in _all_python_blocks()])
def test_every_python_block_runs_on_its_own(page, index, code, tmp_path, monkeypatch):
    if 'to_gpu' in code or 'cupy' in code:
        from tapejit.backends import cuda
        if not cuda.available:
            pytest.skip('a GPU example: needs CuPy and a GPU')
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, f'{page.name} (python block {index})', 'exec'),
             {'__name__': '__readme__'})


def test_every_docs_page_is_checked():
    assert README in PAGES and MPI_PAGE in PAGES and len(DOCS) >= 2


def test_mpi_commands_need_no_activated_venv():
    # (MPICH's wheel puts mpiexec in .venv/bin, which is not on PATH.)
    m = re.search(r'^#{1,2} Data-parallel training over MPI\n+```sh\n(.*?)^```',
                  MPI_PAGE.read_text(), re.DOTALL | re.MULTILINE)
    assert m, f'{MPI_PAGE.name} does not open its MPI section with the commands'
    commands = [ln.split('#')[0].strip() for ln in m.group(1).splitlines()]
    assert len(commands) == 3 and 'mpiexec -n 2' in commands[1]
    for cmd in commands:
        assert cmd.startswith('.venv/bin/'), cmd


@pytest.mark.parametrize('page', PAGES + [ROOT / 'benchmarks' / 'README.md'],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_code_block_calls_a_bare_pip(page):
    # Every command works from a fresh clone without an activated venv.
    for lang, code in _FENCE.findall(page.read_text()):
        for line in code.splitlines():
            assert not re.search(r'(?<![\w./-])pip3?\s', line.split('#')[0]), line


def _slug(heading):
    # GitHub's anchors: lower case, punctuation dropped, spaces as hyphens.
    return re.sub(r'[^\w\- ]', '', heading.strip().lower()).replace(' ', '-')


def _anchors(path):
    text = _FENCE.sub('', path.read_text())
    return {_slug(h) for h in re.findall(r'^#+ (.*)$', text, re.MULTILINE)}


@pytest.mark.parametrize('page', PAGES + [ROOT / 'benchmarks' / 'README.md'],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_internal_links_lead_somewhere(page):
    text = _FENCE.sub('', page.read_text())
    links = re.findall(r'\]\(([^)\s]+)\)', text)
    assert links or page.name != 'README.md'
    for link in links:
        if re.match(r'[a-z]+:', link):
            continue                                    # http(s), mailto
        target, _, anchor = link.partition('#')
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), f'{page.name}: {link} leads nowhere'
        if anchor:
            assert anchor in _anchors(path), f'{page.name}: {link}: no such heading'


def _paragraphs(text):
    """The prose of a Markdown page: text between blank lines, outside code
    blocks and tables; each list item (or footnote, `[1] ...`) on its own."""
    text = _FENCE.sub('\n', text)
    paragraphs = []
    for chunk in re.split(r'\n\s*\n', text):
        current = []
        for line in chunk.splitlines():
            if line.lstrip().startswith('|'):
                continue
            if re.match(r'\s*([-*+]|\d+\.|\[\d+\])\s', line) and current:
                paragraphs.append(' '.join(current))
                current = []
            current.append(line.strip())
        if current:
            paragraphs.append(' '.join(current))
    return [p for p in paragraphs if p.strip()]


def test_readme_paragraphs_are_short():
    for p in _paragraphs(README.read_text()):
        assert len(p.split()) <= 120, p[:200]


def test_readme_first_screen_has_the_commands_and_the_quick_example():
    text = README.read_text()
    first = '\n'.join(text.splitlines()[:60])
    assert _first_sh_block() in first
    assert len(_first_sh_block().splitlines()) == 2
    quick = _python_blocks(_section('README.md', 'Quick example'))[0]
    assert '## Quick example' in first and quick in first
