"""``scatter_dataset``: each rank its share of a dataset (ChainerMN's)."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.datasets.sub_dataset import SubDataset


def scatter_dataset(dataset: Any, comm: Any, root: int = 0, shuffle: bool = False,
                    seed: Optional[int] = None, *, force_equal_length: bool = True) -> Any:
    """Rank ``root``'s ``dataset`` split among the ranks: each gets a
    :class:`~tapejit.datasets.SubDataset` of its share (the order shuffled
    with ``seed`` where ``shuffle``).  With ``force_equal_length`` every
    share has ``ceil(len / size)`` examples (the first ones repeated to
    fill the last shares), so every rank runs as many steps per epoch.
    Other ranks may pass ``None``.

    >>> from tapejit import distributed
    >>> comm = distributed.create_communicator('mpi')
    >>> sub = distributed.scatter_dataset(list(range(5)), comm, shuffle=True, seed=0)
    >>> sorted(sub[:])
    [0, 1, 2, 3, 4]
    """
    size = comm.size
    if not 0 <= root < size:
        raise ValueError(f'scatter_dataset: root is {root}; expected a rank in [0, {size})')
    # (Root says first, within the deadline, whether it has a dataset: the
    # others would otherwise wait for their share for ever.)
    n = comm.bcast_int(len(dataset) if comm.rank == root and hasattr(dataset, '__len__')
                       else -1, root, 'scatter_dataset')
    if n < 0:
        raise TypeError(f'scatter_dataset: rank {root} (root) passed a '
                        f'{type(dataset).__name__ if comm.rank == root else "dataset"}; '
                        'expected a dataset with a length')
    if comm.rank != root:
        return comm.recv_obj(source=root)
    order = (numpy.random.RandomState(seed).permutation(n) if shuffle else numpy.arange(n))
    if force_equal_length:
        share = -(-n // size)
        # (Wrapped around: the last shares are topped up with the first examples.)
        order = numpy.concatenate([order] * (-(-share * size // max(n, 1)) + 1))[:share * size]
        bounds = [(i * share, (i + 1) * share) for i in range(size)]
    else:
        bounds = [(n * i // size, n * (i + 1) // size) for i in range(size)]
    mine = None
    for i, (b, e) in enumerate(bounds):
        sub = SubDataset(_Ordered(dataset, order), b, e)
        if i == root:
            mine = sub
        else:
            comm.send_obj(sub, dest=i)
    return mine


class _Ordered:
    """``dataset`` read through the index array ``order`` (which may repeat
    indices): what a SubDataset of a padded share reads."""

    def __init__(self, dataset: Any, order: Any) -> None:
        self.dataset = dataset
        self.order = order

    def __len__(self) -> int:
        return len(self.order)

    def __getitem__(self, i: Any) -> Any:
        return self.dataset[int(self.order[i])]
