"""The losses of Chainer's word2vec example: F.negative_sampling with
L.NegativeSampling and its WalkerAlias sampler, F.binary_hierarchical_softmax
with L.BinaryHierarchicalSoftmax; checked against Chainer 7.8.1's values,
against finite differences, and eager against compiled."""

import collections
import math

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import gradient_check
from tapejit.functions.loss.hierarchical_softmax import TreeParser, paths_and_codes
from tapejit.utils import WalkerAlias


def _value(v):
    return np.asarray(getattr(v, 'array', v))


# ---------------------------------------------------------------- WalkerAlias
def _chainers_draw(sampler, u):
    """Chainer's WalkerAlias.sample_xp for the uniform draws ``u`` in [0, 1)."""
    pb = u * len(sampler.threshold)
    index = pb.astype(np.int32)
    right = (sampler.threshold[index] < pb - index).astype(np.int32)
    return sampler.values[index * 2 + right]


def test_walker_alias_builds_chainers_tables():
    # Chainer 7.8.1's WalkerAlias of the same probabilities.
    w = WalkerAlias(np.array([5, 3, 4, 1, 2]))
    np.testing.assert_allclose(w.threshold, [0.3333333432674408, 0.6666666865348816,
                                             0.3333333730697632, 0.33333346247673035,
                                             1.000000238418579], rtol=1e-7)
    assert w.values.tolist() == [3, 1, 4, 2, 1, 2, 2, 0, 0, 0]
    assert w.threshold.dtype == np.float32 and w.values.dtype == np.int32
    w = WalkerAlias(np.array([10, 5, 2, 5, 2], np.float32) ** np.float32(0.75))
    assert w.values.tolist() == [2, 1, 4, 3, 1, 0, 3, 0, 0, 0]


def test_walker_alias_draws_what_chainer_draws_from_numpys_generator():
    w = WalkerAlias(np.array([5, 3, 4, 1, 2]))
    np.random.seed(3)
    got = w.sample((40, 7))
    assert got.shape == (40, 7) and got.dtype == np.int32
    np.random.seed(3)
    u = np.random.uniform(0, 1, (40, 7))      # (Chainer's WalkerAlias.sample_cpu)
    np.testing.assert_array_equal(got, _chainers_draw(w, u))
    F.set_dropout_seed(3)
    own = w.sample((40, 7))
    np.testing.assert_array_equal(own, _chainers_draw(w, np.random.RandomState(3).rand(40, 7)))
    assert w.sample(5).shape == (5,)


def test_walker_alias_frequencies():
    probs = np.array([5, 3, 4, 1, 2, 0])
    F.set_dropout_seed(0)
    counts = np.bincount(WalkerAlias(probs).sample((200000,)), minlength=6)
    np.testing.assert_allclose(counts / 200000, probs / probs.sum(), atol=4e-3)
    assert counts[5] == 0


def test_walker_alias_under_jit_draws_anew_at_every_call():
    w = WalkerAlias(np.arange(1.0, 21.0))
    draw = tapejit.jit(lambda: w.sample((3, 50)))
    F.set_dropout_seed(11)
    eager = [w.sample((3, 50)) for _ in range(3)]
    F.set_dropout_seed(11)
    compiled = [_value(draw()) for _ in range(3)]
    for e, c in zip(eager, compiled):
        np.testing.assert_array_equal(e, c)
    assert not np.array_equal(compiled[0], compiled[1])
    assert draw.cache_info().traces == 1


def test_walker_alias_devices_and_errors():
    w = WalkerAlias([1.0, 2.0])
    assert w.device == tapejit.get_device('@numpy') and w.use_gpu is False
    assert w.to_device('@numpy') is w
    with pytest.warns(DeprecationWarning):
        w.to_cpu()
    with pytest.raises(ValueError, match='non-empty'):
        WalkerAlias([])


# ------------------------------------------------------ F.negative_sampling
RNG = np.random.RandomState(3)
NS_X = RNG.uniform(-1, 1, (4, 3))
NS_W = RNG.uniform(-1, 1, (6, 3))
NS_T = np.array([0, 5, -1, 2], np.int32)
NS_SAMPLES = ((np.arange(12).reshape(4, 3) * 7 + 1) % 6).astype(np.int32)


def _fixed(shape):
    assert shape == NS_SAMPLES.shape
    return NS_SAMPLES.copy()


def test_negative_sampling_matches_chainer():
    # Chainer 7.8.1, float64, the same fixed sampler.
    y = F.negative_sampling(NS_X, NS_T, NS_W, _fixed, 2)
    np.testing.assert_allclose(y.array, 6.788919356833965, rtol=1e-12)
    y = F.negative_sampling(NS_X, NS_T, NS_W, _fixed, 2, reduce='no')
    np.testing.assert_allclose(y.array, [2.420597628752062, 2.1115165872930985, 0.0,
                                         2.2568051407888046], rtol=1e-12)
    x, W = tapejit.Variable(NS_X), tapejit.Variable(NS_W)
    F.negative_sampling(x, NS_T, W, _fixed, 2).backward()
    np.testing.assert_allclose(x.grad, [
        [-0.19991895583989663, 0.0994219000706817, -0.8160501457757965],
        [0.007358421872372262, -0.26986939689374045, 0.38600438523382513],
        [0.0, 0.0, 0.0],
        [0.07945972051623101, -0.30905854934044075, 0.8761094160017313]], rtol=1e-10)
    np.testing.assert_allclose(W.grad, [
        [-0.11737606288416769, -0.4103376071045354, 0.5736713907936017], [0.0, 0.0, 0.0],
        [0.10407052375892575, 0.6252715241008422, -0.17780460727769398],
        [0.057780187223085984, 0.23675820361471472, -0.2378358696076751], [0.0, 0.0, 0.0],
        [-0.05978265945906716, -0.3234325970243005, 0.1479718076678664]], rtol=1e-10,
        atol=1e-15)


def test_negative_sampling_returns_the_samples_with_the_labels_first():
    y, samples = F.negative_sampling(NS_X, NS_T, NS_W, _fixed, 2, return_samples=True)
    assert samples.dtype == np.int32 and samples.shape == (4, 3)
    np.testing.assert_array_equal(samples[:, 0], NS_T)
    np.testing.assert_array_equal(samples[:, 1:], NS_SAMPLES[:, 1:])
    # The loss of each kept example, from its samples.
    f = np.einsum('ij,ikj->ik', NS_X, NS_W[samples])
    f[:, 0] *= -1
    losses = np.logaddexp(f, 0).sum(axis=1) * (NS_T != -1)
    np.testing.assert_allclose(y.array, losses.sum(), rtol=1e-12)


@pytest.mark.parametrize('reduce', ['sum', 'no'])
def test_negative_sampling_gradients_match_finite_differences(reduce):
    rng = np.random.RandomState(0)
    gy = rng.uniform(-1, 1, () if reduce == 'sum' else (4,))

    def f(x, W):
        return F.negative_sampling(x, NS_T, W, _fixed, 2, reduce=reduce)
    gradient_check.check_backward(f, (NS_X, NS_W), gy, eps=1e-6, atol=1e-7, rtol=1e-6)
    gradient_check.check_double_backward(
        f, (NS_X, NS_W), gy, (rng.uniform(-1, 1, NS_X.shape), rng.uniform(-1, 1, NS_W.shape)),
        eps=1e-6, atol=1e-6, rtol=1e-5)


def test_negative_sampling_float16_is_summed_in_float32():
    x, W = NS_X.astype(np.float16), NS_W.astype(np.float16)
    y = F.negative_sampling(x, NS_T, W, _fixed, 2, reduce='no')
    assert y.dtype == np.float16
    ref = F.negative_sampling(x.astype(np.float64), NS_T, W.astype(np.float64), _fixed, 2,
                              reduce='no')
    np.testing.assert_allclose(y.array, ref.array, rtol=1e-3)
    xv = tapejit.Variable(x)
    F.negative_sampling(xv, NS_T, W, _fixed, 2).backward()
    assert xv.grad.dtype == np.float16


def test_negative_sampling_refuses_bad_inputs():
    with pytest.raises(ValueError, match="only 'sum' and 'no'"):
        F.negative_sampling(NS_X, NS_T, NS_W, _fixed, 2, reduce='mean')
    with pytest.raises(TypeError, match='x has dtype float64 and W float32'):
        F.negative_sampling(NS_X, NS_T, NS_W.astype(np.float32), _fixed, 2)
    with pytest.raises(ValueError, match=r'got id\(s\) \[6\]'):
        F.negative_sampling(NS_X, np.array([0, 6, 1, 2], np.int32), NS_W, _fixed, 2)
    with pytest.raises(TypeError, match='expected integer ids of shape'):
        F.negative_sampling(NS_X, NS_T, NS_W, lambda shape: np.zeros(3, np.int32), 2)


def _ns_model(seed=0):
    rng = np.random.RandomState(seed)
    ns = L.NegativeSampling(3, [10, 5, 2, 5, 2], sample_size=4)
    ns.W.array[...] = rng.uniform(-1, 1, ns.W.shape)
    x = rng.uniform(-1, 1, (6, 3)).astype(np.float32)
    t = np.array([0, 1, -1, 3, 4, 2], np.int32)
    return ns, x, t


def test_negative_sampling_link_draws_by_counts_to_the_power():
    ns = L.NegativeSampling(3, [10, 5, 2, 5, 2], sample_size=2, power=0.75)
    ref = WalkerAlias(np.array([10, 5, 2, 5, 2], np.float32) ** np.float32(0.75))
    np.testing.assert_array_equal(ns.sampler.threshold, ref.threshold)
    np.testing.assert_array_equal(ns.sampler.values, ref.values)
    assert ns.W.shape == (5, 3) and not ns.W.array.any()
    y = ns(np.ones((4, 3), np.float32), np.array([0, 1, -1, 4], np.int32), reduce='no')
    np.testing.assert_allclose(y.array, [3 * math.log(2)] * 2 + [0] + [3 * math.log(2)],
                               rtol=1e-6)


def test_negative_sampling_link_compiled_draws_anew_and_backward_uses_its_samples():
    ns, x, t = _ns_model()

    @tapejit.jit
    def step(x, t):
        loss, samples = ns(x, t, return_samples=True)
        ns.cleargrads()
        loss.backward()
        return loss, samples, ns.W.grad

    F.set_dropout_seed(5)
    eager_loss, eager_samples = ns(x, t, return_samples=True)
    ns.cleargrads()
    eager_loss.backward()
    eager_grad = ns.W.grad.copy()
    F.set_dropout_seed(5)
    loss, samples, grad = step(x, t)
    np.testing.assert_array_equal(_value(samples), eager_samples)
    np.testing.assert_allclose(_value(loss), eager_loss.array, rtol=1e-6)
    np.testing.assert_allclose(_value(grad), eager_grad, rtol=1e-5, atol=1e-6)
    seen = []
    for _ in range(4):
        loss, samples, grad = step(x, t)
        samples = _value(samples).copy()
        seen.append(samples)
        # Loss and gradient are those of the samples drawn in that call.
        W = tapejit.Variable(ns.W.array.copy())
        ref = F.negative_sampling(x, t, W, lambda shape: samples.copy(), 4)
        ref.backward()
        np.testing.assert_allclose(_value(loss), ref.array, rtol=1e-6)
        np.testing.assert_allclose(_value(grad), W.grad, rtol=1e-5, atol=1e-6)
    assert len({s.tobytes() for s in seen}) == 4
    assert step.cache_info().traces == 1


def test_negative_sampling_link_moves_its_sampler_with_it():
    model = tapejit.Chain()
    with model.init_scope():
        model.loss = L.NegativeSampling(3, [1, 2, 3], sample_size=2)
    moved = []
    model.loss.sampler.to_device = lambda device: moved.append(device)
    model.to_device('@numpy')
    assert moved == [tapejit.get_device('@numpy')]
    with pytest.warns(DeprecationWarning):
        model.to_cpu()
    assert len(moved) == 2


def test_negative_sampling_link_saves_its_weights_only(tmp_path):
    ns, _, _ = _ns_model()
    tapejit.serializers.save_npz(tmp_path / 'ns.npz', ns)
    with np.load(tmp_path / 'ns.npz') as f:
        assert f.files == ['W']
    other = L.NegativeSampling(3, [10, 5, 2, 5, 2], sample_size=4)
    tapejit.serializers.load_npz(tmp_path / 'ns.npz', other)
    np.testing.assert_array_equal(other.W.array, ns.W.array)


# ----------------------------------------------- hierarchical softmax (HSM)
def test_huffman_trees_are_chainers():
    # Chainer 7.8.1's create_huffman_tree of the same dicts.
    make = L.BinaryHierarchicalSoftmax.create_huffman_tree
    assert make({'x': 8, 'y': 6, 'z': 5, 'w': 4, 'v': 3}) == (('z', 'y'), (('v', 'w'), 'x'))
    assert make({0: 3, 1: 3, 2: 3, 3: 3, 4: 1, 5: 7}) == (5, ((1, 2), (3, (4, 0))))
    assert make({3: 2.5, 0: 1, 1: 1, 2: 0.5}) == (3, (1, (2, 0)))
    assert make({7: 1}) == 7
    with pytest.raises(ValueError, match='Empty vocabulary'):
        make({})


HSM_TREE = ((0, 1), ((2, 3), (4, (5, 6))))
# Chainer 7.8.1's link on HSM_TREE, with these weights and inputs (float32).
HSM_W = np.array([
    [0.9519908428192139, 0.34476736187934875, 0.8056682348251343],
    [0.6915017366409302, -0.24401192367076874, -0.8155660033226013],
    [0.3068217933177948, 0.11568152159452438, -0.276870459318161],
    [-0.5498909950256348, -0.1869601607322693, -0.0621195025742054],
    [-0.46152883768081665, -0.41641443967819214, -0.08462720364332199],
    [0.7210678458213806, 0.17250581085681915, -0.4330242872238159]], np.float32)
HSM_X = np.array([
    [-0.44404497742652893, -0.09075585007667542, -0.5891793370246887],
    [-0.5972425937652588, 0.02807012014091015, -0.8255412578582764],
    [-0.032828934490680695, -0.2756475806236267, 0.4153732359409332],
    [0.49349245429039, 0.38218584656715393, 0.3783608376979828],
    [-0.25279974937438965, 0.3362696170806885, -0.32030266523361206]], np.float32)
HSM_T = np.array([0, 6, 3, 5, 2], np.int32)


def _hsm():
    hsm = L.BinaryHierarchicalSoftmax(3, HSM_TREE)
    hsm.W.array[...] = HSM_W
    return hsm


def test_hsm_tables_are_chainers():
    f = _hsm()._func
    assert f.paths.tolist() == [0, 1, 0, 1, 0, 2, 3, 0, 2, 3, 0, 2, 4, 0, 2, 4, 5, 0, 2, 4,
                                5]
    assert f.codes.tolist() == [1, 1, 1, -1, -1, 1, 1, -1, 1, -1, -1, -1, 1, -1, -1, -1, 1,
                                -1, -1, -1, -1]
    assert f.begins.tolist() == [0, 2, 4, 7, 10, 13, 17, 21] and f.parser_size == 6
    path, code = paths_and_codes(HSM_TREE)
    assert path.shape == code.shape == (7, 4)
    for word in range(7):
        b, e = f.begins[word], f.begins[word + 1]
        assert path[word, :e - b].tolist() == f.paths[b:e].tolist()
        assert code[word, :e - b].tolist() == f.codes[b:e].tolist()
        assert not code[word, e - b:].any()


def test_hsm_matches_chainer():
    hsm = _hsm()
    hsm.cleargrads()
    x = tapejit.Variable(HSM_X)
    y = hsm(x, HSM_T)
    assert y.dtype == np.float32 and y.shape == ()
    np.testing.assert_allclose(y.array, 11.561431884765625, rtol=1e-6)
    y.backward()
    np.testing.assert_allclose(x.grad, [
        [-0.9944413304328918, -0.13702164590358734, -0.20948418974876404],
        [0.45275235176086426, -0.021745212376117706, -0.21715140342712402],
        [0.07901743054389954, 0.03238122910261154, 0.5621894598007202],
        [0.34102803468704224, 0.06561926007270813, 0.5842922329902649],
        [0.4981672763824463, 0.17238779366016388, 0.4912056028842926]], rtol=1e-5,
        atol=1e-7)
    np.testing.assert_allclose(hsm.W.grad, [
        [0.41346246004104614, 0.3278612792491913, 0.603610634803772],
        [0.20037738978862762, 0.04095400497317314, 0.26586994528770447],
        [0.09301716089248657, 0.19883254170417786, -0.29282858967781067],
        [0.10356104373931885, -0.3009077310562134, 0.3646993935108185],
        [-0.15220174193382263, 0.16799724102020264, -0.3309098482131958],
        [-0.5035223960876465, -0.1530284881591797, -0.5635906457901001]], rtol=1e-5,
        atol=1e-7)


@pytest.mark.parametrize('dtype', [np.float16, np.float32, np.float64])
def test_hsm_probabilities_sum_to_one(dtype):
    with tapejit.using_config('dtype', dtype):
        hsm = L.BinaryHierarchicalSoftmax(3, HSM_TREE)
    assert hsm.W.dtype == dtype and hsm.W.shape == (6, 3)
    x = np.array([[1.0, 2.0, 3.0]], dtype)
    losses = [hsm(x, np.array([w], np.int32)) for w in range(7)]
    assert all(loss.dtype == dtype for loss in losses)
    total = sum(math.exp(-float(loss.array)) for loss in losses)
    assert abs(total - 1.0) < (1e-3 if dtype == np.float16 else 1e-5)


def test_hsm_gradients_match_finite_differences():
    path, code = paths_and_codes(HSM_TREE, np.float64)
    rng = np.random.RandomState(0)
    x, W = HSM_X.astype(np.float64), HSM_W.astype(np.float64)

    def f(x, W):
        return F.binary_hierarchical_softmax(x, HSM_T, W, path, code)
    gradient_check.check_backward(f, (x, W), np.array(0.7), eps=1e-6, atol=1e-7, rtol=1e-6)
    gradient_check.check_double_backward(
        f, (x, W), np.array(0.7), (rng.uniform(-1, 1, x.shape), rng.uniform(-1, 1, W.shape)),
        eps=1e-6, atol=1e-6, rtol=1e-5)


def test_hsm_words_outside_the_tree_and_bad_ids():
    hsm = L.BinaryHierarchicalSoftmax(3, ((0, 2), 4))  # no words 1 and 3
    x = np.ones((2, 3), np.float32)
    assert float(hsm(x, np.array([1, 3], np.int32)).array) == 0.0
    with pytest.raises(ValueError, match=r'got word id\(s\) \[5\]'):
        hsm(x, np.array([0, 5], np.int32))
    path, code = paths_and_codes(((0, 2), 4))
    with pytest.raises(ValueError, match='path holds node ids'):
        F.binary_hierarchical_softmax(x, np.array([0, 1]), np.zeros((1, 3), np.float32), path,
                                      code)
    with pytest.raises(ValueError, match='two child nodes'):
        paths_and_codes(((0, 1, 2), 3))


def test_hsm_of_a_deep_tree():
    # A chain as deep as Huffman coding makes of doubling counts: deeper than
    # Python's recursion limit.
    n = 3000
    tree = 0
    for word in range(1, n):
        tree = (tree, word)
    parser = TreeParser(np.float32)
    parser.parse(tree)
    assert parser.size() == n - 1 and len(parser.get_paths()[0]) == n - 1
    hsm = L.BinaryHierarchicalSoftmax(2, tree)
    loss = hsm(np.zeros((2, 2), np.float32), np.array([0, n - 1], np.int32))
    np.testing.assert_allclose(loss.array, n * math.log(2), rtol=1e-5)


def test_hsm_compiled_matches_eager():
    hsm = _hsm()
    opt = tapejit.optimizers.SGD(0.1)
    opt.setup(hsm)

    def step(x, t):
        loss = hsm(x, t)
        hsm.cleargrads()
        loss.backward()
        opt.update()
        return loss
    eager = [float(step(HSM_X, HSM_T).array) for _ in range(3)]
    hsm.W.array[...] = HSM_W
    compiled = tapejit.jit(step)
    got = [float(_value(compiled(HSM_X, HSM_T))) for _ in range(3)]
    np.testing.assert_allclose(got, eager, rtol=1e-5)
    assert eager[0] == pytest.approx(11.561431884765625, rel=1e-6) and eager[2] < eager[0]
    assert compiled.cache_info().traces == 1


# ------------------------------------------------------ Penn Tree Bank files
def test_get_ptb_words_reads_chainers_files(tmp_path):
    d = tmp_path / 'pfnet' / 'chainer' / 'ptb'
    d.mkdir(parents=True)
    for split, n in (('train', 5), ('valid', 3), ('test', 2)):
        np.savez_compressed(d / f'{split}.npz', x=np.arange(n, dtype=np.int32))
    (d / 'vocab.txt').write_text('<eos>\nthe\ncat\n')
    tapejit.dataset.set_dataset_root(str(tmp_path))
    try:
        train, valid, test = tapejit.datasets.get_ptb_words()
        assert train.dtype == np.int32 and (len(train), len(valid), len(test)) == (5, 3, 2)
        assert tapejit.datasets.get_ptb_words_vocabulary() == {'<eos>': 0, 'the': 1, 'cat': 2}
        (d / 'vocab.txt').unlink()
        with pytest.raises(tapejit.datasets.DatasetNotFoundError, match='vocab.txt'):
            tapejit.datasets.get_ptb_words_vocabulary()
    finally:
        tapejit.dataset.set_dataset_root(None)


def test_word2vec_losses_train_a_skipgram_compiled():
    # The three losses of the example behind an embedding, trained on one
    # batch by a compiled step: it matches the eager step (the same
    # negatives, drawn from the same seed) and lowers the loss.
    rng = np.random.RandomState(0)
    data = rng.randint(0, 12, 200).astype(np.int32)
    counts = collections.Counter(data.tolist())
    for out in ('hsm', 'ns', 'original'):
        losses = {}
        for mode in ('eager', 'compiled'):
            np.random.seed(0)
            if out == 'hsm':
                loss_link = L.BinaryHierarchicalSoftmax(
                    6, L.BinaryHierarchicalSoftmax.create_huffman_tree(counts))
            elif out == 'ns':
                loss_link = L.NegativeSampling(6, [counts[w] for w in range(12)], 3)
            else:
                loss_link = L.Linear(6, 12, initialW=0)
            model = tapejit.Chain()
            with model.init_scope():
                model.embed = L.EmbedID(12, 6)
                model.loss = loss_link
            opt = tapejit.optimizers.Adam(0.05)
            opt.setup(model)

            def step(x, t, model=model, opt=opt, out=out):
                h = model.embed(x)
                loss = (F.softmax_cross_entropy(model.loss(h), t) if out == 'original'
                        else model.loss(h, t))
                model.cleargrads()
                loss.backward()
                opt.update()
                return loss
            run = step if mode == 'eager' else tapejit.jit(step)
            F.set_dropout_seed(1)
            losses[mode] = [float(_value(run(data[:40], data[1:41]))) for _ in range(30)]
        np.testing.assert_allclose(losses['compiled'], losses['eager'], rtol=2e-4, atol=1e-5)
        assert np.mean(losses['eager'][-6:]) < np.mean(losses['eager'][:6]), out
