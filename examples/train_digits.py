"""Train a multi-layer perceptron on scikit-learn's handwritten digits.

The 8x8 digit images ship with scikit-learn (no download).  The training step
(forward, loss, backward, Adam update) is compiled with ``@tapejit.jit``;
``--eager`` runs the very same function eagerly instead.  Each epoch prints the
training and test loss and accuracy; at the end the script writes a plot of
the curves and the trained model (``save_npz``) to ``--out`` and compares the
time of an eager and a compiled step on this machine.

    python examples/train_digits.py                 # about 97-99% test accuracy
    python examples/train_digits.py --epochs 3 --eager
"""

import argparse
import os
import time

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import links as L
from tapejit import optimizers, serializers


class MLP(tapejit.Chain):
    """Two hidden ReLU layers and a linear output layer."""

    def __init__(self, n_in, n_units, n_out):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(n_in, n_units)
            self.l2 = L.Linear(n_units, n_units)
            self.l3 = L.Linear(n_units, n_out)

    def forward(self, x):
        h = F.relu(self.l1(x))
        h = F.relu(self.l2(h))
        return self.l3(h)


def accuracy(y, t):
    """The fraction of rows of ``y`` whose largest entry is at the label ``t``."""
    pred = F.argmax(y, axis=1).array
    return F.mean((pred == t.astype(pred.dtype)).astype(np.float32))


def make_steps(optimizer, compiled):
    """The training and evaluation steps, compiled or eager."""

    def train_step(model, x, t):
        y = model(x)
        loss = F.softmax_cross_entropy(y, t)
        model.cleargrads()
        loss.backward()
        optimizer.update()
        return loss, accuracy(y, t)

    def eval_step(model, x, t):
        with tapejit.no_backprop_mode():
            y = model(x)
            return F.softmax_cross_entropy(y, t), accuracy(y, t)

    if compiled:
        return tapejit.jit(train_step), tapejit.jit(eval_step)
    return train_step, eval_step


def load_data(seed):
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    digits = load_digits()
    x = (digits.data / 16.0).astype(np.float32)  # pixel values are 0..16
    t = digits.target.astype(np.int32)
    return train_test_split(x, t, test_size=0.25, random_state=seed, stratify=t)


def time_steps(x, t, n_units, lr, repeats):
    """Median time of one training step, eager and compiled, on fresh models."""
    times = {}
    for name in ('eager', 'jit'):
        np.random.seed(0)
        model = MLP(x.shape[1], n_units, 10)
        opt = optimizers.Adam(alpha=lr).setup(model)
        step, _ = make_steps(opt, compiled=(name == 'jit'))
        for _ in range(5):  # warm-up (and the one trace of the compiled step)
            step(model, x, t)
        samples = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            step(model, x, t)
            samples.append(time.perf_counter() - t0)
        times[name] = float(np.median(samples))
    return times


def plot(history, path):
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator
    epochs = [h['epoch'] for h in history]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    for key, label in (('train_loss', 'train'), ('test_loss', 'test')):
        ax1.plot(epochs, [h[key] for h in history], marker='o', label=label)
    for key, label in (('train_acc', 'train'), ('test_acc', 'test')):
        ax2.plot(epochs, [h[key] for h in history], marker='o', label=label)
    ax1.set(xlabel='epoch', ylabel='softmax cross entropy', title='loss')
    ax2.set(xlabel='epoch', ylabel='accuracy', title='accuracy')
    for ax in (ax1, ax2):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
        ax.legend()
    fig.suptitle('MLP on scikit-learn digits (tapejit)')
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--epochs', type=int, default=20)
    parser.add_argument('--batch-size', type=int, default=32)
    parser.add_argument('--units', type=int, default=256, help='hidden units per layer')
    parser.add_argument('--lr', type=float, default=0.002, help="Adam's initial alpha")
    parser.add_argument('--lr-decay', type=float, default=0.85,
                        help="alpha is multiplied by this after every epoch")
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--eager', action='store_true',
                        help='run the training step eagerly instead of compiling it')
    parser.add_argument('--out', default='result', help='where the plot and model go')
    parser.add_argument('--timing-repeats', type=int, default=200,
                        help='steps timed for the eager/jit comparison (0: skip it)')
    parser.add_argument('--no-progress', action='store_true', help='no progress bar')
    args = parser.parse_args(argv)

    from tqdm import tqdm

    x_train, x_test, t_train, t_test = load_data(args.seed)
    np.random.seed(args.seed)  # the initial weights
    model = MLP(x_train.shape[1], args.units, 10)
    optimizer = optimizers.Adam(alpha=args.lr).setup(model)
    train_step, eval_step = make_steps(optimizer, compiled=not args.eager)
    mode = 'eager' if args.eager else 'jit'
    print(f'digits: {len(x_train)} training and {len(x_test)} test images of '
          f'{x_train.shape[1]} pixels; MLP {x_train.shape[1]}-{args.units}-{args.units}-10, '
          f'Adam(alpha={args.lr}), batch {args.batch_size}, {mode} steps')

    rng = np.random.default_rng(args.seed)
    # Full batches only: every step has one shape, so the compiled step is traced once.
    n_batches = len(x_train) // args.batch_size
    history = []
    bar = tqdm(total=args.epochs * n_batches, unit='step', disable=args.no_progress,
               dynamic_ncols=True)
    t_start = time.perf_counter()
    for epoch in range(1, args.epochs + 1):
        order = rng.permutation(len(x_train))
        losses, accs = [], []
        for i in range(n_batches):
            idx = order[i * args.batch_size:(i + 1) * args.batch_size]
            loss, acc = train_step(model, x_train[idx], t_train[idx])
            losses.append(float(loss.array))
            accs.append(float(acc.array))
            bar.update(1)
        test_loss, test_acc = eval_step(model, x_test, t_test)
        h = dict(epoch=epoch, train_loss=float(np.mean(losses)),
                 train_acc=float(np.mean(accs)), test_loss=float(test_loss.array),
                 test_acc=float(test_acc.array))
        history.append(h)
        bar.set_postfix(loss=f'{h["train_loss"]:.3f}', test_acc=f'{h["test_acc"]:.3f}')
        # A new learning rate is read by the compiled step on its next call: no retrace.
        optimizer.alpha *= args.lr_decay
        tqdm.write(f'epoch {epoch:3d}  train loss {h["train_loss"]:.4f}  train accuracy '
                   f'{h["train_acc"]:.4f}  test loss {h["test_loss"]:.4f}  test accuracy '
                   f'{h["test_acc"]:.4f}')
    bar.close()
    elapsed = time.perf_counter() - t_start
    print(f'trained {args.epochs} epochs ({args.epochs * n_batches} steps) in {elapsed:.2f} s')
    if not args.eager:
        print(f'compiled step cache: {train_step.cache_info()}')

    os.makedirs(args.out, exist_ok=True)
    model_path = os.path.join(args.out, 'digits_mlp.npz')
    serializers.save_npz(model_path, model)
    restored = MLP(x_train.shape[1], args.units, 10)
    serializers.load_npz(model_path, restored)
    _, restored_acc = eval_step(restored, x_test, t_test)
    plot_path = os.path.join(args.out, 'digits_curves.png')
    plot(history, plot_path)
    print(f'saved the model to {model_path} (reloaded: test accuracy '
          f'{float(restored_acc.array):.4f}) and the curves to {plot_path}')

    if args.timing_repeats > 0:
        idx = np.arange(args.batch_size)
        times = time_steps(x_train[idx], t_train[idx], args.units, args.lr,
                           args.timing_repeats)
        print(f'one training step (batch {args.batch_size}) on this machine: eager '
              f'{times["eager"] * 1e3:.3f} ms, jit {times["jit"] * 1e3:.3f} ms '
              f'({times["eager"] / times["jit"]:.2f}x)')
    print(f'final test accuracy: {history[-1]["test_acc"]:.4f}')
    return history


if __name__ == '__main__':
    main()
