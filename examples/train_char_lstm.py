"""Train a character-level LSTM language model on text that ships with Python.

The text is the help topics of Python's own documentation (``pydoc_data.topics``,
which ``help()`` reads; about 465,000 characters, no download).  The model
embeds each character (``L.EmbedID``), runs an ``L.LSTM`` over it and predicts
the next character (``L.Linear``).  A training step unrolls the LSTM over a
batch of windows of ``--bptt`` characters, backpropagates through all of them
and updates the weights with Adam; the whole step is compiled with
``@tapejit.jit`` (``--eager`` runs it eagerly).  Each epoch prints the training
and validation perplexity; at the end the script samples a line of text from
the model, one character at a time.

    python examples/train_char_lstm.py                 # validation perplexity about 3.6
    python examples/train_char_lstm.py --epochs 1 --steps 50 --eager
"""

import argparse
import time

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import links as L
from tapejit import optimizers


class CharLSTM(tapejit.Chain):
    """Embedding, one LSTM layer, a linear layer onto the vocabulary."""

    def __init__(self, vocab, n_embed, n_hidden):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(vocab, n_embed)
            self.rnn = L.LSTM(n_embed, n_hidden)
            self.out = L.Linear(n_hidden, vocab)

    def reset_state(self):
        self.rnn.reset_state()

    def forward(self, ids):
        return self.out(self.rnn(self.embed(ids)))


def load_text(valid_fraction=0.05):
    from pydoc_data.topics import topics
    text = '\n'.join(topics[k] for k in sorted(topics))
    chars = sorted(set(text))
    lookup = {c: i for i, c in enumerate(chars)}
    ids = np.fromiter((lookup[c] for c in text), np.int32, len(text))
    split = int(len(ids) * (1 - valid_fraction))
    return chars, ids[:split], ids[split:]


def sequence_loss(model, windows):
    """The mean cross entropy of predicting each character of ``windows``
    (batch, bptt + 1) from the ones before it, from a fresh state."""
    model.reset_state()
    total = 0
    for k in range(windows.shape[1] - 1):
        total += F.softmax_cross_entropy(model(windows[:, k]), windows[:, k + 1])
    return total / (windows.shape[1] - 1)


def make_steps(model, optimizer, compiled):
    def train_step(windows):
        loss = sequence_loss(model, windows)
        model.cleargrads()
        loss.backward()
        optimizer.update()
        return loss

    def eval_step(windows):
        with tapejit.no_backprop_mode():
            return sequence_loss(model, windows)

    if compiled:
        return tapejit.jit(train_step), tapejit.jit(eval_step)
    return train_step, eval_step


def windows_at(ids, starts, length):
    return np.stack([ids[s:s + length] for s in starts])


def sample(model, chars, prompt, length, rng, temperature=0.8):
    """Characters drawn one at a time from the model's predictions (eagerly,
    the LSTM carrying its state from one character to the next)."""
    index = {c: i for i, c in enumerate(chars)}
    model.reset_state()
    with tapejit.no_backprop_mode():
        for c in prompt[:-1]:
            model(np.array([index[c]], np.int32))
        out, last = list(prompt), index[prompt[-1]]
        for _ in range(length):
            logits = model(np.array([last], np.int32)).array[0].astype(np.float64)
            p = np.exp((logits - logits.max()) / temperature)
            last = int(rng.choice(len(chars), p=p / p.sum()))
            out.append(chars[last])
            if chars[last] == '\n':
                break
    return ''.join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--epochs', type=int, default=6)
    parser.add_argument('--steps', type=int, default=300, help='training steps per epoch')
    parser.add_argument('--batch-size', type=int, default=32)
    parser.add_argument('--bptt', type=int, default=32, help='characters unrolled per step')
    parser.add_argument('--embed', type=int, default=64)
    parser.add_argument('--hidden', type=int, default=256)
    parser.add_argument('--lr', type=float, default=0.004, help="Adam's alpha")
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--eager', action='store_true', help='run the steps eagerly')
    parser.add_argument('--prompt', default='The ', help='the start of the sampled line')
    parser.add_argument('--no-progress', action='store_true', help='no progress bar')
    args = parser.parse_args(argv)

    from tqdm import tqdm

    chars, train_ids, valid_ids = load_text()
    np.random.seed(args.seed)
    model = CharLSTM(len(chars), args.embed, args.hidden)
    optimizer = optimizers.Adam(alpha=args.lr).setup(model)
    optimizer.add_hook(tapejit.optimizer_hooks.GradientClipping(5.0))
    train_step, eval_step = make_steps(model, optimizer, compiled=not args.eager)
    print(f'text: {len(train_ids)} training and {len(valid_ids)} validation characters, '
          f'{len(chars)} distinct; LSTM {args.embed}-{args.hidden}, windows of {args.bptt} '
          f'characters, batch {args.batch_size}, {"eager" if args.eager else "jit"} steps')

    rng = np.random.default_rng(args.seed)
    span = args.bptt + 1
    valid_starts = np.arange(0, len(valid_ids) - span, span)[:args.batch_size * 8]
    bar = tqdm(total=args.epochs * args.steps, unit='step', disable=args.no_progress,
               dynamic_ncols=True)
    t0 = time.perf_counter()
    history = []
    for epoch in range(1, args.epochs + 1):
        losses = []
        for _ in range(args.steps):
            starts = rng.integers(0, len(train_ids) - span, args.batch_size)
            losses.append(float(train_step(windows_at(train_ids, starts, span)).array))
            bar.update(1)
        valid = [float(eval_step(windows_at(valid_ids, s, span)).array)
                 for s in valid_starts.reshape(-1, args.batch_size)]
        h = dict(epoch=epoch, train_ppl=float(np.exp(np.mean(losses))),
                 valid_ppl=float(np.exp(np.mean(valid))))
        history.append(h)
        bar.set_postfix(valid_ppl=f'{h["valid_ppl"]:.2f}')
        tqdm.write(f'epoch {epoch:3d}  train perplexity {h["train_ppl"]:.3f}  validation '
                   f'perplexity {h["valid_ppl"]:.3f}')
    bar.close()
    print(f'trained {args.epochs * args.steps} steps in {time.perf_counter() - t0:.1f} s')
    if not args.eager:
        print(f'compiled step cache: {train_step.cache_info()}')
    line = sample(model, chars, args.prompt, 200, np.random.default_rng(args.seed))
    print(f'sample: {line.rstrip()}')
    return history


if __name__ == '__main__':
    main()
