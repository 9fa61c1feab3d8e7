#!/usr/bin/env python
"""Train a multi-layer perceptron with the Trainer: Chainer's MNIST example.

The structure is Chainer's ``examples/mnist/train_mnist.py``: an MLP in a
``Classifier``, ``SerialIterator``s, ``Adam``, a ``StandardUpdater`` and a
``Trainer`` with ``Evaluator``, ``LogReport``, ``PlotReport``, ``PrintReport``,
``ProgressBar`` and ``snapshot`` extensions, and ``--resume``.  The update and
evaluation steps are compiled with ``tapejit.jit`` (``--eager`` runs them
eagerly).  It trains on scikit-learn's bundled 8x8 digits by default (no
download); ``--dataset mnist`` reads MNIST from a local file (see
``tapejit.datasets.get_mnist`` for where to put it).

    python examples/train_mnist.py                  # about 98% test accuracy on digits
    python examples/train_mnist.py --dataset mnist --epoch 20
    python examples/train_mnist.py --resume result/snapshot_iter_1010

Data-parallel over MPI (``pip install ".[mpi]"``): each rank trains on its
share of the data, with ``--batchsize`` examples per rank per step, the
gradients averaged over the ranks inside the compiled step; rank 0 prints,
plots and writes the snapshots.

    .venv/bin/mpiexec -n 2 .venv/bin/python examples/train_mnist.py --communicator mpi
    .venv/bin/python -m tapejit.distributed.run -n 2 examples/train_mnist.py --communicator mpi
"""

import argparse

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import training
from tapejit.training import extensions


# Network definition
class MLP(tapejit.Chain):

    def __init__(self, n_units, n_out):
        super().__init__()
        with self.init_scope():
            # the size of the inputs to each layer will be inferred
            self.l1 = L.Linear(None, n_units)  # n_in -> n_units
            self.l2 = L.Linear(None, n_units)  # n_units -> n_units
            self.l3 = L.Linear(None, n_out)  # n_units -> n_out

    def forward(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


def add_reports(trainer, args):
    """Plots of the loss and accuracy, the log printed, a progress bar."""
    # Save two plot images to the result dir
    trainer.extend(
        extensions.PlotReport(['main/loss', 'validation/main/loss'],
                              'epoch', file_name='loss.png'),
        call_before_training=True)
    trainer.extend(
        extensions.PlotReport(
            ['main/accuracy', 'validation/main/accuracy'],
            'epoch', file_name='accuracy.png'),
        call_before_training=True)

    # Print selected entries of the log to stdout
    # Here "main" refers to the target link of the "main" optimizer again, and
    # "validation" refers to the default name of the Evaluator extension.
    # Entries other than 'epoch' are reported by the Classifier link, called by
    # either the updater or the evaluator.
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss',
         'main/accuracy', 'validation/main/accuracy', 'elapsed_time']),
        call_before_training=True)

    # Print a progress bar to stdout
    if not args.no_progress:
        trainer.extend(extensions.ProgressBar(update_interval=10))


def main(argv=None):
    parser = argparse.ArgumentParser(description='tapejit example: MNIST')
    parser.add_argument('--batchsize', '-b', type=int, default=100,
                        help='Number of images in each mini-batch')
    parser.add_argument('--epoch', '-e', type=int, default=20,
                        help='Number of sweeps over the dataset to train')
    parser.add_argument('--frequency', '-f', type=int, default=-1,
                        help='Frequency of taking a snapshot')
    parser.add_argument('--device', '-d', type=str, default='@numpy',
                        help="Device specifier: '@numpy' (CPU) or '@cupy:N' (GPU N)")
    parser.add_argument('--out', '-o', default='result',
                        help='Directory to output the result')
    parser.add_argument('--resume', '-r', type=str,
                        help='Resume the training from snapshot')
    parser.add_argument('--autoload', action='store_true',
                        help='Automatically load trainer snapshots in case'
                        ' of preemption or other temporary system failure')
    parser.add_argument('--unit', '-u', type=int, default=1000,
                        help='Number of units')
    parser.add_argument('--dataset', choices=('digits', 'mnist'), default='digits',
                        help="'digits': scikit-learn's 8x8 digits (bundled); 'mnist': MNIST "
                        'from a local file')
    parser.add_argument('--eager', action='store_true',
                        help='run the update and evaluation steps eagerly (not compiled)')
    parser.add_argument('--seed', type=int, default=0,
                        help='seed of the initial weights and the shuffling')
    parser.add_argument('--no-progress', action='store_true', help='no progress bar')
    parser.add_argument('--communicator', default=None,
                        help="train data-parallel over MPI ranks ('mpi'); run under mpiexec")
    args = parser.parse_args(argv)
    comm = None
    if args.communicator is not None:
        from tapejit import distributed
        comm = distributed.create_communicator(args.communicator)
    # Rank 0 alone prints and writes files.
    root = comm is None or comm.rank == 0
    log = print if root else (lambda *a: None)

    import numpy as np
    np.random.seed(args.seed)
    device = tapejit.get_device(args.device)

    if comm is not None:
        log('# ranks: {}'.format(comm.size))
    log('Device: {}'.format(device))
    log('# unit: {}'.format(args.unit))
    log('# Minibatch-size: {}'.format(args.batchsize))
    log('# epoch: {}'.format(args.epoch))
    log('# dataset: {}, {} steps'.format(args.dataset, 'eager' if args.eager else 'compiled'))
    log('')

    # Set up a neural network to train
    # Classifier reports softmax cross entropy loss and accuracy at every
    # iteration, which will be used by the PrintReport extension below.
    model = L.Classifier(MLP(args.unit, 10))
    model.to_device(device)

    # Setup an optimizer
    optimizer = tapejit.optimizers.Adam()
    if comm is not None:
        optimizer = distributed.create_multi_node_optimizer(optimizer, comm)
    optimizer.setup(model)

    # Load the dataset
    if args.dataset == 'mnist':
        train, test = tapejit.datasets.get_mnist()
    else:
        train, test = tapejit.datasets.get_digits()
    if comm is not None:
        # Each rank its share (rank 0's data, shuffled once, sent to the others).
        train = distributed.scatter_dataset(train, comm, shuffle=True, seed=args.seed)
        test = distributed.scatter_dataset(test, comm)

    train_iter = tapejit.iterators.SerialIterator(train, args.batchsize)
    test_iter = tapejit.iterators.SerialIterator(test, args.batchsize,
                                                 repeat=False, shuffle=False)

    # Set up a trainer
    updater = training.updaters.StandardUpdater(
        train_iter, optimizer, device=device, eager=args.eager)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    # Evaluate the model with the test dataset for each epoch
    evaluator = extensions.Evaluator(test_iter, model, device=device, eager=args.eager)
    if comm is not None:
        evaluator = distributed.create_multi_node_evaluator(evaluator, comm)
    trainer.extend(evaluator, call_before_training=True)

    # Dump a computational graph from 'loss' variable at the first iteration
    # The "main" refers to the target link of the "main" optimizer.
    if root:
        trainer.extend(extensions.DumpGraph('main/loss'))

    # Take a snapshot for each specified epoch
    frequency = args.epoch if args.frequency == -1 else max(1, args.frequency)
    # Take a snapshot each ``frequency`` epoch, delete old stale
    # snapshots and automatically load from snapshot files if any
    # files are already resident at result directory.
    snapshot = extensions.snapshot(n_retains=1, autoload=args.autoload)
    if comm is not None:
        snapshot = distributed.multi_node_snapshot(comm, snapshot)
    trainer.extend(snapshot, trigger=(frequency, 'epoch'))

    # Write a log of evaluation statistics for each epoch
    if root:
        trainer.extend(extensions.LogReport(), call_before_training=True)

    # Plots, the printed log and a progress bar: rank 0 reports for all.
    if root:
        add_reports(trainer, args)

    if args.resume is not None:
        # Resume from a snapshot (Note: this loaded model is to be
        # overwritten by --autoload option, autoloading snapshots, if
        # any snapshots exist in output directory)
        tapejit.serializers.load_npz(args.resume, trainer)

    # Run the training
    trainer.run()
    if not args.eager and root:
        print('compiled update step: {}'.format(updater.compiled_step.cache_info()))
    return trainer


if __name__ == '__main__':
    main()
