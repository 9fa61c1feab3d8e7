"""The ``data_parallel`` figure: the ``mlp_big`` training step, compiled, on 1
and 2 MPI ranks of one core each.

    .venv/bin/python -m benchmarks.data_parallel            # needs the mpi extra
    .venv/bin/python -m benchmarks.data_parallel --size tiny --steps 3

Each rank runs the ``mlp_big`` step (a 784-1024-1024-10 ReLU MLP as a Chain
of ``L.Linear``, softmax cross-entropy, SGD) on a batch of the workload's
size, with the gradients averaged over the ranks by the multi-node optimizer
inside the compiled step (weak scaling: the global batch grows with the
ranks).  Reported: the mean time per step at each rank count, the scaling
efficiency ``t(1) / t(2)`` (1.0: two ranks do twice the work in the same
time) and the share of the 2-rank step spent in the allreduce.  Writes
``data_parallel.json`` to ``--out`` (``benchmarks/results/latest``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any, Optional, Sequence


def _model(data: dict) -> Any:
    import tapejit
    import tapejit.functions as F
    from tapejit import links as L

    class MLP(tapejit.Chain):
        def __init__(self) -> None:
            super().__init__()
            with self.init_scope():
                for i in (1, 2, 3):
                    w, b = data[f'W{i}'], data[f'b{i}']
                    setattr(self, f'l{i}', L.Linear(w.shape[1], w.shape[0], initialW=w.copy(),
                                                    initial_bias=b.copy()))

        def forward(self, x: Any) -> Any:
            return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))
    return MLP()


def worker(size: str, steps: int, bucket_mb: Optional[float] = None) -> dict:
    """Time the step on this rank; rank 0 returns the figures."""
    import tapejit
    import tapejit.functions as F
    from benchmarks import workloads as W
    from tapejit import distributed, optimizers
    from tapejit.distributed import communicator as C
    comm = distributed.create_communicator('mpi')
    C.size_thread_pools(10 ** 6)  # one thread: one core per rank
    data = W.make_data('mlp_big', size)
    model = _model(data)
    limit = C.BUCKET_BYTES if bucket_mb is None else max(1, int(bucket_mb * 2 ** 20))
    opt = distributed.create_multi_node_optimizer(optimizers.SGD(lr=W.LR), comm,
                                                  bucket_bytes=limit).setup(model)
    comm_s = [0.0]

    def timed(method: Any) -> Any:
        def run(group: Any, x: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return method(group, x)
            finally:
                comm_s[0] += time.perf_counter() - t0
        return run
    # (The plan's allreduces call them: the time spent in them, issuing a
    # bucket's exchange or waiting for what is left of it, is timed here.)
    C.MpiGroup.mean_start = timed(C.MpiGroup.mean_start)
    C.MpiGroup.mean_start_in = timed(C.MpiGroup.mean_start_in)
    C.MpiGroup.mean_wait = timed(C.MpiGroup.mean_wait)

    @tapejit.jit
    def step(x: Any, t: Any) -> Any:
        model.cleargrads()
        loss = F.softmax_cross_entropy(model(x), t)
        loss.backward()
        opt.update()
        return loss
    x, t = data['x'], data['t']
    for _ in range(3):
        step(x, t)
    times, comms = [], []
    for _ in range(steps):
        comm.barrier()
        comm_s[0] = 0.0
        t0 = time.perf_counter()
        step(x, t)
        times.append(time.perf_counter() - t0)
        comms.append(comm_s[0])
    times = comm.allreduce_obj(sum(times)) / comm.size / steps
    comms = comm.allreduce_obj(sum(comms)) / comm.size / steps
    return {'ranks': comm.size, 'step_ms': 1e3 * times, 'comm_ms': 1e3 * comms,
            'batch_per_rank': int(x.shape[0]), 'traces': step.cache_info().traces,
            'buckets': len(C.grad_buckets(model, limit=limit))}


def run(size: str, steps: int, ranks: Sequence[int] = (1, 2),
        bucket_mb: Optional[float] = None) -> dict:
    """The figures at each rank count (each an mpiexec of its own)."""
    from tapejit.distributed.run import find_mpiexec
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT='1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1')
    rows = []
    for n in ranks:
        cmd = [find_mpiexec(), '-n', str(n), '-bind-to', 'core', sys.executable, '-m',
               'benchmarks.data_parallel', '--worker', '--size', size, '--steps', str(steps)]
        cmd += [] if bucket_mb is None else ['--bucket-mb', str(bucket_mb)]
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
        if p.returncode != 0:
            raise RuntimeError(f'data_parallel: {" ".join(cmd)} failed:\n{p.stdout}{p.stderr}')
        rows.append(json.loads(p.stdout.strip().splitlines()[-1]))
    one, two = rows[0], rows[-1]
    return {'workload': 'mlp_big', 'size': size, 'steps': steps, 'rows': rows,
            'buckets': two['buckets'],
            'efficiency': one['step_ms'] / two['step_ms'],
            'comm_share': two['comm_ms'] / two['step_ms']}


def table(res: dict) -> str:
    """The figures as a Markdown table.

    >>> print(table({'rows': [{'ranks': 1, 'step_ms': 10.0, 'comm_ms': 0.1},
    ...                       {'ranks': 2, 'step_ms': 12.5, 'comm_ms': 2.5}],
    ...              'efficiency': 0.8, 'comm_share': 0.2}))
    | ranks | ms per step | allreduce ms | allreduce share | efficiency |
    | --- | --- | --- | --- | --- |
    | 1 | 10.00 | 0.10 | 1% | 1.00 |
    | 2 | 12.50 | 2.50 | 20% | 0.80 |
    """
    t1 = res['rows'][0]['step_ms']
    lines = ['| ranks | ms per step | allreduce ms | allreduce share | efficiency |',
             '| --- | --- | --- | --- | --- |']
    for r in res['rows']:
        lines.append(f'| {r["ranks"]} | {r["step_ms"]:.2f} | {r["comm_ms"]:.2f} | '
                     f'{r["comm_ms"] / r["step_ms"]:.0%} | {t1 / r["step_ms"]:.2f} |')
    return '\n'.join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog='python -m benchmarks.data_parallel')
    parser.add_argument('--size', choices=('full', 'tiny'), default='full')
    parser.add_argument('--steps', type=int, default=20)
    parser.add_argument('--out', default=os.path.join(os.path.dirname(__file__), 'results',
                                                      'latest'))
    parser.add_argument('--bucket-mb', type=float, default=None,
                        help='the gradient buckets\' size in MiB (default: 25 MB)')
    parser.add_argument('--worker', action='store_true', help=argparse.SUPPRESS)
    a = parser.parse_args(argv)
    if a.worker:
        res = worker(a.size, a.steps, a.bucket_mb)
        from mpi4py import MPI
        if MPI.COMM_WORLD.Get_rank() == 0:
            print(json.dumps(res), flush=True)
        return 0
    res = run(a.size, a.steps, bucket_mb=a.bucket_mb)
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, 'data_parallel.json'), 'w') as f:
        json.dump(res, f, indent=1)
    print(table(res))
    print(f'scaling efficiency {res["efficiency"]:.2f}, allreduce share of the 2-rank step '
          f'{res["comm_share"]:.0%} ({res["steps"]} steps, size {res["size"]}, '
          f'{res["buckets"]} bucket{"s" if res["buckets"] != 1 else ""})')
    return 0


if __name__ == '__main__':
    sys.exit(main())
