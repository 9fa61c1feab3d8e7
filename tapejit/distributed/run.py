"""``python -m tapejit.distributed.run -n 2 script.py [args]``: run a script on
``n`` MPI processes, with this Python.

It runs ``mpiexec -n N <python> script.py args`` with the ``mpiexec`` found
beside this Python (the MPICH or Open MPI that the ``mpi`` extra installed),
else on ``PATH``; Open MPI is told that running as root is intended.  The
exit status is ``mpiexec``'s: a rank that fails or dies ends the run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from typing import Optional, Sequence


def find_mpiexec() -> str:
    """The path of ``mpiexec``: beside this Python, else on ``PATH``.

    >>> find_mpiexec().endswith('mpiexec')
    True
    """
    here = os.path.join(os.path.dirname(sys.executable), 'mpiexec')
    if os.access(here, os.X_OK):
        return here
    found = shutil.which('mpiexec')
    if found is None:
        raise FileNotFoundError("tapejit.distributed.run: no mpiexec beside "
                                f"{sys.executable} nor on PATH; pip install 'tapejit[mpi]'")
    return found


def command(n: int, script: Sequence[str]) -> list:
    """The command line that runs ``script`` (a path and its arguments) on ``n`` ranks.

    >>> command(2, ['train.py', '--epoch', '1'])[1:3]
    ['-n', '2']
    """
    if n < 1:
        raise ValueError(f'tapejit.distributed.run: -n must be at least 1, got {n}')
    return [find_mpiexec(), '-n', str(n), sys.executable] + list(script)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Parse ``-n N script [args...]``, run it, return mpiexec's exit status."""
    parser = argparse.ArgumentParser(prog='python -m tapejit.distributed.run',
                                     description='Run a Python script on N MPI processes.')
    parser.add_argument('-n', '--np', type=int, default=2, help='number of processes')
    parser.add_argument('script', help='the Python script to run')
    parser.add_argument('args', nargs=argparse.REMAINDER, help="the script's arguments")
    a = parser.parse_args(argv)
    env = dict(os.environ)
    env.setdefault('OMPI_ALLOW_RUN_AS_ROOT', '1')
    env.setdefault('OMPI_ALLOW_RUN_AS_ROOT_CONFIRM', '1')
    return subprocess.call(command(a.np, [a.script] + a.args), env=env)


if __name__ == '__main__':
    sys.exit(main())
