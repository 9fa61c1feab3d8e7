"""Train a small convolutional network on scikit-learn's handwritten digits.

Two 3x3 convolutions with batch normalization and ReLU, a 2x2 max pooling and
a linear layer, on the 8x8 digit images that ship with scikit-learn (no
download).  The training step (forward, loss, backward, Adam update, and the
batch normalization's running averages) is compiled with ``@tapejit.jit``, and
so is the evaluation step, which runs in test mode (the running averages).
``--eager`` runs the same functions eagerly.  Each epoch prints the training
and test loss and accuracy; at the end the script writes a plot of the curves
and the trained model to ``--out``.

    python examples/train_digits_cnn.py            # about 98.5-99.5% test accuracy
    python examples/train_digits_cnn.py --epochs 2 --eager
"""

import argparse
import os
import time

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import links as L
from tapejit import optimizers, serializers


class CNN(tapejit.Chain):
    """conv3x3-BN-ReLU, conv3x3-BN-ReLU, 2x2 max pooling, linear."""

    def __init__(self, channels=32, n_out=10):
        super().__init__()
        with self.init_scope():
            self.conv1 = L.Convolution2D(1, channels, 3, pad=1, nobias=True)
            self.bn1 = L.BatchNormalization(channels)
            self.conv2 = L.Convolution2D(channels, channels, 3, pad=1, nobias=True)
            self.bn2 = L.BatchNormalization(channels)
            self.out = L.Linear(channels * 4 * 4, n_out)

    def forward(self, x):
        h = F.relu(self.bn1(self.conv1(x)))
        h = F.relu(self.bn2(self.conv2(h)))
        h = F.max_pooling_2d(h, 2)
        return self.out(h)


def make_steps(model, optimizer, compiled):
    """The training and evaluation steps, compiled or eager."""

    def train_step(x, t):
        y = model(x)
        loss = F.softmax_cross_entropy(y, t)
        model.cleargrads()
        loss.backward()
        optimizer.update()
        return loss, F.accuracy(y, t)

    def eval_step(x, t):
        with tapejit.using_config('train', False), tapejit.no_backprop_mode():
            y = model(x)
            return F.softmax_cross_entropy(y, t), F.accuracy(y, t)

    if compiled:
        return tapejit.jit(train_step), tapejit.jit(eval_step)
    return train_step, eval_step


def load_data(seed):
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    digits = load_digits()
    x = (digits.images / 16.0).astype(np.float32)[:, None]  # (N, 1, 8, 8), values 0..1
    t = digits.target.astype(np.int32)
    return train_test_split(x, t, test_size=0.25, random_state=seed, stratify=t)


def plot(history, path):
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    epochs = [h['epoch'] for h in history]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    for ax, what in ((ax1, 'loss'), (ax2, 'acc')):
        for split in ('train', 'test'):
            ax.plot(epochs, [h[f'{split}_{what}'] for h in history], marker='o', label=split)
        ax.set(xlabel='epoch', title={'loss': 'softmax cross entropy', 'acc': 'accuracy'}[what])
        ax.grid(alpha=0.3)
        ax.legend()
    fig.suptitle('CNN on scikit-learn digits (tapejit)')
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--epochs', type=int, default=12)
    parser.add_argument('--batch-size', type=int, default=32)
    parser.add_argument('--channels', type=int, default=32, help='channels of each convolution')
    parser.add_argument('--lr', type=float, default=0.002, help="Adam's initial alpha")
    parser.add_argument('--lr-decay', type=float, default=0.8,
                        help='alpha is multiplied by this after every epoch')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--eager', action='store_true',
                        help='run the steps eagerly instead of compiling them')
    parser.add_argument('--out', default='result', help='where the plot and model go')
    parser.add_argument('--no-progress', action='store_true', help='no progress bar')
    args = parser.parse_args(argv)

    from tqdm import tqdm

    x_train, x_test, t_train, t_test = load_data(args.seed)
    np.random.seed(args.seed)  # the initial weights
    model = CNN(args.channels)
    optimizer = optimizers.Adam(alpha=args.lr).setup(model)
    train_step, eval_step = make_steps(model, optimizer, compiled=not args.eager)
    print(f'digits: {len(x_train)} training and {len(x_test)} test images of 8x8 pixels; '
          f'CNN with {args.channels} channels, Adam(alpha={args.lr}), batch '
          f'{args.batch_size}, {"eager" if args.eager else "jit"} steps')

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
            loss, acc = train_step(x_train[idx], t_train[idx])
            losses.append(float(loss.array))
            accs.append(float(acc.array))
            bar.update(1)
        test_loss, test_acc = eval_step(x_test, t_test)
        h = dict(epoch=epoch, train_loss=float(np.mean(losses)), train_acc=float(np.mean(accs)),
                 test_loss=float(test_loss.array), test_acc=float(test_acc.array))
        history.append(h)
        bar.set_postfix(loss=f'{h["train_loss"]:.3f}', test_acc=f'{h["test_acc"]:.3f}')
        optimizer.alpha *= args.lr_decay  # read by the compiled step: no retrace
        tqdm.write(f'epoch {epoch:3d}  train loss {h["train_loss"]:.4f}  train accuracy '
                   f'{h["train_acc"]:.4f}  test loss {h["test_loss"]:.4f}  test accuracy '
                   f'{h["test_acc"]:.4f}')
    bar.close()
    elapsed = time.perf_counter() - t_start
    print(f'trained {args.epochs} epochs ({args.epochs * n_batches} steps) in {elapsed:.2f} s')
    if not args.eager:
        print(f'compiled step cache: {train_step.cache_info()}')

    os.makedirs(args.out, exist_ok=True)
    model_path = os.path.join(args.out, 'digits_cnn.npz')
    serializers.save_npz(model_path, model)
    plot_path = os.path.join(args.out, 'digits_cnn_curves.png')
    plot(history, plot_path)
    print(f'saved the model (with its running averages) to {model_path} and the curves to '
          f'{plot_path}')
    print(f'final test accuracy: {history[-1]["test_acc"]:.4f}')


if __name__ == '__main__':
    main()
