"""The program each rank runs in tests/distributed/test_distributed_mpi.py (under mpiexec).

    python tests/distributed/mpi_worker.py MODE OUT

``equal``: 20 compiled steps of a small MLP with the multi-node Adam, each
rank on its share of one global batch, and beside it the same steps run
eagerly; rank 0 writes the parameters and losses of both to ``OUT`` (npz).
``buckets``: the same compiled steps with the gradients in several buckets
(each parameter's its own), whose exchanges overlap the backward.
``mismatch``: rank 1's model applies another activation, so the ranks trace
different steps; ``params``: rank 1's model is wider.  ``die``: rank 1 is
killed in the middle of training; ``hang``: rank 1 stops answering then.
``badinput``: the ranks pass ``allreduce`` arrays of different shapes, and
rank 0 (root) passes ``scatter_dataset`` no dataset; each rank prints its error.
``objects`` and ``objhang``: the object collectives (see :func:`objects`).
``skip``, ``skipeager``, ``skiptail``, ``uneven`` and ``forward``: ranks out
of step (see :func:`out_of_step`).
"""

from __future__ import annotations

import os
import signal
import sys
import time

import numpy as np

STEPS = 20
BATCH = 16


class MLP:
    """A two-layer perceptron (made on first use: imports tapejit lazily)."""

    def __new__(cls, n_units, act='tanh', comm=None):
        import tapejit.functions as F
        from tapejit import links as L

        class Net(L.Chain if hasattr(L, 'Chain') else object):
            def __init__(self):
                super().__init__()
                with self.init_scope():
                    self.l1 = L.Linear(6, n_units)
                    self.l2 = L.Linear(n_units, 3)

            def forward(self, x):
                h = self.l1(x)
                if comm is not None:  # (a statistic over the ranks: rank 1's of another size)
                    h = h - F.sum(comm.allreduce(F.mean(h, axis=0)[:n_units - comm.rank]))
                return self.l2(getattr(F, act)(h))
        return L.Classifier(Net())


def data():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((STEPS, BATCH, 6)).astype(np.float32)
    t = rng.integers(0, 3, (STEPS, BATCH)).astype(np.int32)
    return x, t


def train(comm, mode, compiled, n_units=8, act='tanh', bucket_bytes=None):
    import tapejit
    from tapejit import distributed, optimizers
    np.random.seed(0 if comm.rank == 0 else 100 + comm.rank)  # rank 0's weights are sent
    model = MLP(n_units, act)
    opt = distributed.create_multi_node_optimizer(
        optimizers.Adam(alpha=0.01), comm,
        **({} if bucket_bytes is None else {'bucket_bytes': bucket_bytes}))
    opt.setup(model)

    def step(x, t):
        opt.update(model, x, t)
        return model.loss
    run = tapejit.jit(step) if compiled else step
    xs, ts = data()
    share = BATCH // comm.size
    lo = comm.rank * share
    losses = []
    for i in range(STEPS):
        if mode in ('die', 'hang') and comm.rank == 1 and i == 3:
            if mode == 'die':
                os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(120)
        loss = run(xs[i, lo:lo + share], ts[i, lo:lo + share])
        losses.append(comm.allreduce_obj(float(loss.array)) / comm.size)
    return model, np.array(losses), run


def buckets(comm, out):
    """``buckets``: the compiled steps with a bucket per parameter."""
    model, losses, run = train(comm, 'buckets', True, bucket_bytes=4)
    xs, ts = data()
    share = BATCH // comm.size
    text = run.explain(xs[0, :share], ts[0, :share])
    plan = text[text.index('plan(T'):]
    if comm.rank == 0:
        np.savez(out, losses=losses, traces=run.cache_info().traces, size=comm.size,
                 starts=plan.count(' = allreduce_start('),
                 **{f'compiled/{n}': p.array for n, p in model.namedparams()},
                 **{f'grad/{n}': p.grad for n, p in model.namedparams()})
    return 0


def bad_inputs(comm):
    from tapejit import distributed
    for call in (lambda: comm.allreduce(np.ones(3 + comm.rank, np.float32)),
                 lambda: distributed.scatter_dataset(None if comm.rank == 0 else [1], comm)):
        try:
            call()
            print(f'rank {comm.rank}: no error', flush=True)
        except Exception as e:
            print(f'rank {comm.rank}: {type(e).__name__}: {e}'.splitlines()[0], flush=True)
    return 0


def objects(comm, mode):
    """``objects``: each object collective once, rank by rank; ``objhang``:
    rank 1 sleeps instead, and rank 0's first collective times out."""
    if mode == 'objhang' and comm.rank == 1:
        time.sleep(120)
    r = comm.rank
    got = [comm.bcast_obj({'from': r, 'big': 'x' * 100000}, root=1)['from'],
           comm.gather_obj(('g', r)), comm.allgather_obj(r * 10),
           comm.allreduce_obj(np.full(2, r + 1.0)).tolist(), comm.gather_obj(r * 3, root=1)]
    if r == 0:
        comm.send_obj({'hello': list(range(5))}, dest=1, tag=7)
    else:
        got.append(comm.recv_obj(0, tag=7))
    comm.barrier()
    print(f'rank {r}: {got}', flush=True)
    return 0


class BadBatch(Exception):
    """A batch that cannot be loaded."""


def out_of_step(comm, mode):
    """The steps of ``train`` (with the loss reported every step), rank 1
    out of step.  ``skip``: rank 1 cannot load batch 3, and goes on with
    batch 4; the loop numbers its steps (``comm.step = i``).  ``skipeager``:
    the same with eager steps whose loss function loads the batch (each step
    counts itself as it begins), the loop numbering nothing.  ``skiptail``:
    as ``skip``, the loop numbering nothing: rank 1 ends one step early.
    ``uneven``: rank 1's last batch is smaller, so that it alone traces
    another step.  ``forward``: the model averages a statistic over the
    ranks in its forward, rank 1's of another size.  Each rank prints what
    it raised, or that it finished."""
    import tapejit
    from tapejit import distributed, optimizers
    np.random.seed(0)
    model = MLP(8, comm=comm if mode == 'forward' else None)
    opt = distributed.create_multi_node_optimizer(optimizers.Adam(alpha=0.01), comm)
    opt.setup(model)

    def step(x, t):
        opt.update(model, x, t)
        return model.loss
    run = tapejit.jit(step)
    xs, ts = data()
    share = BATCH // comm.size
    lo = comm.rank * share

    def load(i):
        if mode != 'uneven' and comm.rank == 1 and i == 3:
            raise BadBatch(f'batch {i} cannot be read')
        x, t = xs[i, lo:lo + share], ts[i, lo:lo + share]
        if mode == 'uneven' and comm.rank == 1 and i == STEPS - 1:
            x, t = x[:share - 3], t[:share - 3]
        return x, t
    r = comm.rank
    try:
        for i in range(STEPS):
            if mode == 'skip':
                comm.step = i
            try:
                if mode == 'skipeager':
                    opt.update(lambda: model(*load(i)))
                    loss = model.loss
                else:
                    loss = run(*load(i))
            except BadBatch as e:
                print(f'rank {r}: skips step {i}: {e}', flush=True)
                continue
            comm.allreduce_obj(float(loss.array))
    except Exception as e:
        print(f'rank {r}: {type(e).__name__} after {opt.t} updates: {e}', flush=True)
        time.sleep(0.5)  # (the other ranks' messages too, before the abort ends them)
        comm.abort(3)
    print(f'rank {r}: finished {opt.t} updates', flush=True)
    return 0


def main(mode, out):
    from tapejit import distributed
    comm = distributed.create_communicator('mpi')
    try:
        if mode in ('objects', 'objhang'):
            return objects(comm, mode)
        if mode in ('skip', 'skipeager', 'skiptail', 'uneven', 'forward'):
            return out_of_step(comm, mode)
        if mode in ('mismatch', 'params'):
            other = comm.rank == 1
            train(comm, mode, True, n_units=9 if other and mode == 'params' else 8,
                  act='relu' if other and mode == 'mismatch' else 'tanh')
            print(f'rank {comm.rank}: no error', flush=True)
            return 0
        if mode == 'buckets':
            return buckets(comm, out)
        if mode == 'badinput':
            return bad_inputs(comm)
        model, losses, run = train(comm, mode, True)
        if mode != 'equal':
            print(f'rank {comm.rank}: finished', flush=True)
            return 0
        eager, eager_losses, _ = train(comm, mode, False)
    except Exception as e:  # the tests read each rank's message
        print(f'rank {comm.rank}: {type(e).__name__}: {e}', flush=True)
        time.sleep(0.5)  # (the other ranks' messages too, before the abort ends them)
        comm.abort(3)
    if comm.rank == 0:
        arrays = {f'compiled/{n}': p.array for n, p in model.namedparams()}
        arrays.update({f'eager/{n}': p.array for n, p in eager.namedparams()})
        arrays.update({f'grad/{n}': p.grad for n, p in model.namedparams()})
        arrays.update({f'eager_grad/{n}': p.grad for n, p in eager.namedparams()})
        info = run.cache_info()
        np.savez(out, losses=losses, eager_losses=eager_losses, traces=info.traces,
                 size=comm.size, **arrays)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
