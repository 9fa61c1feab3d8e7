"""Double backprop in a compiled training step: a WGAN-GP critic.

A critic network ``D`` learns the Wasserstein-1 distance between two 2-D
Gaussians (the "real" samples around (2, 2), the "fake" ones around (-2, -2);
the exact distance is 4 * sqrt(2) = 5.657).  WGAN-GP keeps ``D`` 1-Lipschitz
with a gradient penalty: ``lambda * mean((|grad_x D(x_hat)| - 1)**2)`` at random
points ``x_hat`` between real and fake samples.  The penalty contains a
gradient, so the training step backpropagates through a backward pass (double
backprop).  The whole step (the inner gradient, the penalty, the outer
backward and the Adam update) is compiled with ``@tapejit.jit``.

The script checks that compiled and eager steps give the same parameters,
trains the critic, prints its distance estimate and the gradient norm at the
interpolates, and times an eager and a compiled step on this machine.

    python examples/gradient_penalty.py
"""

import argparse
import time

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import links as L
from tapejit import optimizers

EXACT = 4 * np.sqrt(2)  # |(2, 2) - (-2, -2)|: W1 between equal-covariance Gaussians


class Critic(tapejit.Chain):
    def __init__(self, n_units):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(2, n_units)
            self.l2 = L.Linear(n_units, n_units)
            self.l3 = L.Linear(n_units, 1)

    def forward(self, x):
        h = F.tanh(self.l1(x))
        h = F.tanh(self.l2(h))
        return self.l3(h)


def make_step(optimizer, lam):
    """One critic update; returns (distance estimate, penalty, mean gradient norm)."""

    def critic_step(critic, real, fake, eps):
        x_hat = tapejit.Variable(eps * real + (1 - eps) * fake)
        # d D(x_hat) / d x_hat, kept differentiable (the penalty is a function of it).
        gx, = tapejit.grad([F.sum(critic(x_hat))], [x_hat], enable_double_backprop=True)
        norm = F.sqrt(F.sum(gx * gx, axis=1) + 1e-12)
        penalty = F.mean((norm - 1) ** 2)
        distance = F.mean(critic(real)) - F.mean(critic(fake))
        loss = -distance + lam * penalty
        critic.cleargrads()
        loss.backward()
        optimizer.update()
        return distance, penalty, F.mean(norm)

    return critic_step


def batches(seed, batch_size, dtype=np.float32):
    rng = np.random.default_rng(seed)
    while True:
        real = rng.normal(2.0, 0.5, (batch_size, 2)).astype(dtype)
        fake = rng.normal(-2.0, 0.5, (batch_size, 2)).astype(dtype)
        eps = rng.uniform(0, 1, (batch_size, 1)).astype(dtype)
        yield real, fake, eps


def new_critic(n_units, lr, dtype=np.float32):
    np.random.seed(0)
    critic = Critic(n_units)
    for p in critic.params():
        p.array = p.array.astype(dtype)
    opt = optimizers.Adam(alpha=lr, beta1=0.5, beta2=0.9).setup(critic)
    return critic, opt


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--steps', type=int, default=1000)
    parser.add_argument('--batch-size', type=int, default=64)
    parser.add_argument('--units', type=int, default=64)
    parser.add_argument('--lr', type=float, default=2e-3)
    parser.add_argument('--lam', type=float, default=50.0,
                        help='penalty weight (WGAN-GP uses 10 for images; a stiffer '
                             'penalty brings the estimate closer to the distance here)')
    parser.add_argument('--timing-repeats', type=int, default=200)
    args = parser.parse_args(argv)

    # 1. The compiled step equals the eager one. In float64: Adam moves a
    # parameter by about lr whatever the size of its gradient, so float32
    # rounding differences (the compiled kernels sum in another order) in a
    # near-zero gradient component would show up as differences of order lr.
    runs = {}
    for name in ('eager', 'jit'):
        critic, opt = new_critic(args.units, args.lr, np.float64)
        step = make_step(opt, args.lam)
        if name == 'jit':
            step = tapejit.jit(step)
        data = batches(1, args.batch_size, np.float64)
        for _ in range(5):
            step(critic, *next(data))
        runs[name] = critic
    diff = max(float(np.abs(a.array - b.array).max())
               for a, b in zip(runs['eager'].params(), runs['jit'].params()))
    print(f'5 steps, eager vs compiled: largest parameter difference {diff:.1e}')
    assert diff < 1e-9, diff

    # 2. Train the critic with compiled steps.
    critic, opt = new_critic(args.units, args.lr)
    step = tapejit.jit(make_step(opt, args.lam))
    data = batches(0, args.batch_size)
    report = max(1, args.steps // 5)
    for i in range(1, args.steps + 1):
        distance, penalty, norm = step(critic, *next(data))
        if i % report == 0 or i == args.steps:
            print(f'step {i:5d}  distance estimate {float(distance.array):.3f}  penalty '
                  f'{float(penalty.array):.4f}  gradient norm {float(norm.array):.3f}')
    print(f'compiled step cache: {step.cache_info()}')
    # Averaged over fresh samples (no update) for a steadier estimate.
    real, fake, _ = next(batches(123, 4096))
    with tapejit.no_backprop_mode():
        est = float((F.mean(critic(real)) - F.mean(critic(fake))).array)
    print(f'Wasserstein-1 estimate {est:.3f} (exact {EXACT:.3f})')

    # 3. Eager and compiled steps timed on this machine.
    times = {}
    for name in ('eager', 'jit'):
        critic, opt = new_critic(args.units, args.lr)
        fn = make_step(opt, args.lam)
        if name == 'jit':
            fn = tapejit.jit(fn)
        data = batches(2, args.batch_size)
        for _ in range(5):
            fn(critic, *next(data))
        samples = []
        for _ in range(args.timing_repeats):
            batch = next(data)
            t0 = time.perf_counter()
            fn(critic, *batch)
            samples.append(time.perf_counter() - t0)
        times[name] = float(np.median(samples))
    print(f'one critic step with double backprop (batch {args.batch_size}) on this machine: '
          f'eager {times["eager"] * 1e3:.3f} ms, jit {times["jit"] * 1e3:.3f} ms '
          f'({times["eager"] / times["jit"]:.2f}x)')
    return est


if __name__ == '__main__':
    main()
