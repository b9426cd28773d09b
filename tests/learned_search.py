"""The learned searches of ``docs/search-spec.md`` (PUCT, Gumbel MuZero's root), in plain Python.

An independent implementation of the specification, written from the page alone, for the
differential tests against the Rust agents (``ludorum.agents.PUCT`` / ``Gumbel``) and for the
proofs on small games. It uses only the public state API and ``ludorum.SplitMix64``.

Floats are Python floats (IEEE float64) summed in ascending action order, one term at a time,
so that every sum is the plain left-to-right sum a straightforward Rust loop computes.

Readings of the specification where it leaves a choice (see the report in the commit):

- the Gumbel noise is drawn before the first simulation, the hidden-information world seeds
  one per simulation after it, and the temperature draw last;
- ``root_value`` is the root's mean backed-up value including its own evaluation,
  ``(raw + Σ_a W(a)) / (1 + Σ_a N(a))``;
- in a hidden-information world, ``n = Σ N`` sums every edge of the node, while the completed-Q
  rescaling, ``max N`` and the softmaxes range over the actions legal in the current world;
  priors are renormalised only when that set differs from the first world's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import ludorum

Evaluator = Callable[[np.ndarray, np.ndarray, np.ndarray], tuple[Any, Any]]

#: the smallest normal float64, the floor of a prior in the mixed value
TINY = 2.2250738585072014e-308
TWO_M53 = 2.0**-53


def uniform_draw(rng: ludorum.SplitMix64) -> float:
    """``(next_u64() >> 11) · 2^-53``, the spec's uniform draw in [0, 1)."""
    return (rng.next_u64() >> 11) * TWO_M53


def priors_from_logits(logits: Sequence[float], legal: Sequence[int]) -> dict[int, float]:
    """Softmax over the legal actions in float64, with the largest legal logit subtracted."""
    m = max(logits[a] for a in legal)
    exps = [math.exp(logits[a] - m) for a in legal]
    total = 0.0
    for e in exps:
        total += e
    return {a: e / total for a, e in zip(legal, exps)}


def considered_visits(k: int, simulations: int) -> list[int]:
    """The sequential-halving target visit count of each simulation (spec; mctx's sequence)."""
    if k <= 1:
        return list(range(simulations))
    log2k = math.ceil(math.log2(k))
    sequence: list[int] = []
    visits = [0] * k
    m = k
    while len(sequence) < simulations:
        extra = max(1, simulations // (log2k * m))
        for _ in range(extra):
            sequence.extend(visits[:m])
            for i in range(m):
                visits[i] += 1
        m = max(2, m // 2)
    return sequence[:simulations]


@dataclass
class Node:
    """A tree node: the mover, the first world's legal actions with priors and logits, edges."""

    player: int
    terminal: bool = False
    expanded: bool = False
    legal: list[int] = field(default_factory=list)
    priors: dict[int, float] = field(default_factory=dict)
    logits: dict[int, float] = field(default_factory=dict)
    raw: list[float] = field(default_factory=list)
    visits: dict[int, int] = field(default_factory=dict)
    sums: dict[int, list[float]] = field(default_factory=dict)
    children: dict[int, Node] = field(default_factory=dict)

    def n(self) -> int:
        total = 0
        for count in self.visits.values():
            total += count
        return total

    def q(self, a: int, p: int) -> float:
        return self.sums[a][p] / self.visits[a]


@dataclass
class Leaf:
    """A pending evaluation: the state, the node to fill, and the path to back up."""

    state: Any
    node: Node
    path: list[tuple[Node, int]]


def value_vector(values: Any, i: int, player: int, num_players: int) -> list[float]:
    """Row ``i`` of the evaluator's values as a per-seat vector ((L,) = the mover's value)."""
    arr = np.asarray(values)
    if arr.ndim == 1:
        if num_players != 2:
            raise ValueError("(L,) values are only allowed in two-player games")
        v = float(arr[i])
        out = [0.0, 0.0]
        out[player] = v
        out[1 - player] = -v
        return out
    return [float(x) for x in arr[i]]


class Search:
    """One search from one root, driven step by step (so that roots can share evaluator calls)."""

    def __init__(
        self,
        state: Any,
        simulations: int,
        rng: ludorum.SplitMix64,
        kind: str,
        *,
        c_puct: float = 1.25,
        temperature: float = 0.0,
        max_considered: int = 16,
        c_visit: float = 50.0,
        c_scale: float = 0.1,
        gumbel_scale: float = 1.0,
    ) -> None:
        if state.is_over():
            raise ValueError("cannot search a finished game")
        self.state = state
        self.simulations = simulations
        self.rng = rng
        self.kind = kind
        self.c_puct = c_puct
        self.temperature = temperature
        self.max_considered = max_considered
        self.c_visit = c_visit
        self.c_scale = c_scale
        self.gumbel_scale = gumbel_scale
        self.num_actions = int(state.num_actions)
        self.num_players = int(state.num_players)
        self.hidden = hasattr(state, "resample")
        self.mover = int(state.current_player)
        self.root = Node(player=self.mover)
        self.done = 0
        self.gumbel: dict[int, float] = {}
        self.sequence: list[int] = []

    # -- the steps --------------------------------------------------------------------------

    def root_leaf(self) -> Leaf:
        """The root's evaluation, before the first simulation."""
        return Leaf(self.state, self.root, [])

    def start(self) -> None:
        """After the root is evaluated: the Gumbel noise and the considered-visit sequence."""
        if self.kind == "gumbel":
            for a in self.root.legal:
                u = uniform_draw(self.rng)
                if u == 0.0:
                    u = TWO_M53
                self.gumbel[a] = self.gumbel_scale * -math.log(-math.log(u))
            k = min(self.max_considered, len(self.root.legal))
            self.sequence = considered_visits(k, self.simulations)

    def finished(self) -> bool:
        return self.done >= self.simulations

    def descend(self) -> Leaf | None:
        """One simulation's descent: a leaf to evaluate, or None when it ended on a terminal."""
        j = self.done
        self.done += 1
        if self.hidden:
            world = self.state.resample(self.mover, self.rng.next_u64())
        else:
            world = self.state.copy()
        node = self.root
        path: list[tuple[Node, int]] = []
        while True:
            a = self.select(node, world, j if node is self.root else None)
            path.append((node, a))
            world.apply_action(a)
            child = node.children.get(a)
            if world.is_over():
                if child is None:
                    node.children[a] = Node(player=-1, terminal=True)
                backup(path, [float(x) for x in world.returns()])
                return None
            if child is None:
                child = Node(player=int(world.current_player))
                node.children[a] = child
                return Leaf(world, child, path)
            if not child.expanded:
                # reached terminal in an earlier world, not in this one: evaluate it now
                return Leaf(world, child, path)
            node = child

    def expand(self, leaf: Leaf, logits: Any, values: Any, i: int) -> None:
        """Fills the leaf's node from row ``i`` of an evaluator call and backs its value up."""
        node = leaf.node
        node.player = int(leaf.state.current_player)
        node.terminal = False
        node.expanded = True
        node.legal = sorted(int(a) for a in leaf.state.legal_actions())
        row = np.asarray(logits)[i]
        node.logits = {a: float(row[a]) for a in node.legal}
        node.priors = priors_from_logits(node.logits, node.legal)
        node.raw = value_vector(values, i, node.player, self.num_players)
        backup(leaf.path, node.raw)

    # -- selection --------------------------------------------------------------------------

    def candidates(self, node: Node, world: Any) -> tuple[list[int], dict[int, float]]:
        """The actions legal in this world, with the node's priors renormalised over them."""
        legal = sorted(int(a) for a in world.legal_actions())
        if legal == node.legal:
            return legal, node.priors
        raw = {a: node.priors.get(a, 0.0) for a in legal}
        total = 0.0
        for a in legal:
            total += raw[a]
        if total <= 0.0:
            return legal, {a: 1.0 / len(legal) for a in legal}
        return legal, {a: raw[a] / total for a in legal}

    def select(self, node: Node, world: Any, j: int | None) -> int:
        legal, priors = self.candidates(node, world)
        for a in legal:
            node.visits.setdefault(a, 0)
            node.sums.setdefault(a, [0.0] * self.num_players)
        if self.kind == "puct":
            return self.puct_select(node, legal, priors)
        if j is not None:
            return self.gumbel_root_select(node, legal, priors, self.sequence[j])
        return self.gumbel_interior_select(node, legal, priors)

    def puct_select(self, node: Node, legal: list[int], priors: dict[int, float]) -> int:
        p = node.player
        sqrt_n = math.sqrt(node.n())
        best, best_u = legal[0], -math.inf
        for a in legal:
            n_a = node.visits[a]
            q = node.q(a, p) if n_a > 0 else 0.0
            u = q + self.c_puct * priors[a] * sqrt_n / (1 + n_a)
            if u > best_u:
                best, best_u = a, u
        return best

    def logits_now(self, node: Node, legal: list[int]) -> dict[int, float]:
        """``l'(a) = l(a) - max_legal l`` over the actions legal now (unknown logits: -inf)."""
        known = [a for a in legal if a in node.logits]
        if not known:
            return dict.fromkeys(legal, 0.0)
        m = max(node.logits[a] for a in known)
        return {a: node.logits[a] - m if a in node.logits else -math.inf for a in legal}

    def sigma(self, node: Node, legal: list[int], priors: dict[int, float]) -> dict[int, float]:
        """``σ(a)``: the completed Q, rescaled, times ``(c_visit + max N) · c_scale``."""
        p = node.player
        n = node.n()
        weight = 0.0
        weighted = 0.0
        for b in legal:
            if node.visits[b] > 0:
                pb = max(priors[b], TINY)
                weight += pb
                weighted += pb * node.q(b, p)
        if weight > 0.0:
            v_mix = (node.raw[p] + n * (weighted / weight)) / (1 + n)
        else:
            v_mix = node.raw[p]
        completed = {a: node.q(a, p) if node.visits[a] > 0 else v_mix for a in legal}
        lo = min(completed.values())
        hi = max(completed.values())
        scale = max(hi - lo, 1e-8)
        max_n = max(node.visits[a] for a in legal)
        factor = (self.c_visit + max_n) * self.c_scale
        return {a: factor * ((completed[a] - lo) / scale) for a in legal}

    def improved_policy(
        self, node: Node, legal: list[int], priors: dict[int, float]
    ) -> dict[int, float]:
        """``π'``: softmax over the legal actions of ``l'(a) + σ(a)``."""
        logits = self.logits_now(node, legal)
        sigma = self.sigma(node, legal, priors)
        x = {a: logits[a] + sigma[a] for a in legal}
        m = max(x.values())
        exps = {a: math.exp(x[a] - m) for a in legal}
        total = 0.0
        for a in legal:
            total += exps[a]
        return {a: exps[a] / total for a in legal}

    def root_scores(self, legal: list[int], priors: dict[int, float]) -> dict[int, float]:
        """``g(a) + l'(a) + σ(a)`` at the root."""
        logits = self.logits_now(self.root, legal)
        sigma = self.sigma(self.root, legal, priors)
        return {a: self.gumbel[a] + logits[a] + sigma[a] for a in legal}

    def gumbel_root_select(
        self, node: Node, legal: list[int], priors: dict[int, float], target: int
    ) -> int:
        scores = self.root_scores(legal, priors)
        pool = [a for a in legal if node.visits[a] == target] or legal
        best, best_s = pool[0], -math.inf
        for a in pool:
            s = max(-1e9, scores[a])
            if s > best_s:
                best, best_s = a, s
        return best

    def gumbel_interior_select(self, node: Node, legal: list[int], priors: dict[int, float]) -> int:
        pi = self.improved_policy(node, legal, priors)
        n = node.n()
        best, best_s = legal[0], -math.inf
        for a in legal:
            s = pi[a] - node.visits[a] / (1 + n)
            if s > best_s:
                best, best_s = a, s
        return best

    # -- the result -------------------------------------------------------------------------

    def result(self) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
        root = self.root
        legal = root.legal
        for a in legal:
            root.visits.setdefault(a, 0)
            root.sums.setdefault(a, [0.0] * self.num_players)
        visits = np.zeros(self.num_actions, dtype=np.int64)
        for a in legal:
            visits[a] = root.visits[a]
        policy = np.zeros(self.num_actions, dtype=np.float64)
        most = max(root.visits[a] for a in legal)
        top = [a for a in legal if root.visits[a] == most]
        if self.kind == "puct":
            total = root.n()
            if total > 0:
                for a in legal:
                    policy[a] = root.visits[a] / total
            action = self.puct_choose(top)
        else:
            pi = self.improved_policy(root, legal, root.priors)
            for a in legal:
                policy[a] = pi[a]
            scores = self.root_scores(legal, root.priors)
            action, best = top[0], -math.inf
            for a in top:
                if scores[a] > best:
                    action, best = a, scores[a]
        value = list(root.raw)
        for a in legal:
            for p in range(self.num_players):
                value[p] += root.sums[a][p]
        n = root.n()
        root_value = np.array([v / (1 + n) for v in value], dtype=np.float64)
        return action, visits, policy, root_value

    def puct_choose(self, top: list[int]) -> int:
        root = self.root
        if self.temperature <= 0.0:
            action, best = top[0], -math.inf
            for a in top:
                if root.priors[a] > best:
                    action, best = a, root.priors[a]
            return action
        weights = {a: float(root.visits[a]) ** (1.0 / self.temperature) for a in root.legal}
        total = 0.0
        for a in root.legal:
            total += weights[a]
        u = uniform_draw(self.rng)
        cumulative = 0.0
        last = root.legal[0]
        for a in root.legal:
            if weights[a] > 0.0:
                last = a
            cumulative += weights[a] / total
            if cumulative > u:
                return a
        return last


def backup(path: list[tuple[Node, int]], value: list[float]) -> None:
    """Adds ``value`` to ``W`` and 1 to ``N`` of every edge on the path."""
    for node, a in path:
        node.visits[a] = node.visits.get(a, 0) + 1
        sums = node.sums.setdefault(a, [0.0] * len(value))
        for p, v in enumerate(value):
            sums[p] += v


def evaluate(searches: Sequence[Search], leaves: Sequence[Leaf], evaluator: Evaluator) -> None:
    """One evaluator call for every pending leaf, in root order."""
    if not leaves:
        return
    states = [leaf.state for leaf in leaves]
    players = np.array([int(s.current_player) for s in states], dtype=np.int64)
    observations = np.stack(
        [np.asarray(s.observation(int(p)), dtype=np.float32) for s, p in zip(states, players)]
    )
    masks = np.stack([np.asarray(s.action_mask(), dtype=bool) for s in states])
    logits, values = evaluator(observations, masks, players)
    for i, (search, leaf) in enumerate(zip(searches, leaves)):
        search.expand(leaf, logits, values, i)


def search_many(
    states: Sequence[Any],
    evaluator: Evaluator,
    simulations: int,
    rngs: Sequence[ludorum.SplitMix64],
    kind: str = "puct",
    **settings: Any,
) -> list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
    """Searches every root together: one evaluator call per simulation step (spec, batching).

    ``kind`` is ``"puct"`` or ``"gumbel"``; ``settings`` are the keyword settings of
    :func:`puct_search` or :func:`gumbel_search`; ``rngs`` holds one generator per root.
    """
    searches = [Search(s, simulations, r, kind, **settings) for s, r in zip(states, rngs)]
    evaluate(searches, [s.root_leaf() for s in searches], evaluator)
    for search in searches:
        search.start()
    while True:
        active = [s for s in searches if not s.finished()]
        if not active:
            break
        pending: list[tuple[Search, Leaf]] = []
        for search in active:
            leaf = search.descend()
            if leaf is not None:
                pending.append((search, leaf))
        evaluate([s for s, _ in pending], [leaf for _, leaf in pending], evaluator)
    return [s.result() for s in searches]


def puct_search(
    state: Any,
    evaluator: Evaluator,
    simulations: int,
    rng: ludorum.SplitMix64,
    c_puct: float = 1.25,
    temperature: float = 0.0,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """PUCT (AlphaZero) without root noise: ``(action, visits, policy, root_value)``."""
    return search_many(
        [state], evaluator, simulations, [rng], "puct", c_puct=c_puct, temperature=temperature
    )[0]


def gumbel_search(
    state: Any,
    evaluator: Evaluator,
    simulations: int,
    rng: ludorum.SplitMix64,
    max_considered: int = 16,
    c_visit: float = 50.0,
    c_scale: float = 0.1,
    gumbel_scale: float = 1.0,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """Gumbel MuZero's root with sequential halving: ``(action, visits, policy, root_value)``."""
    return search_many(
        [state],
        evaluator,
        simulations,
        [rng],
        "gumbel",
        max_considered=max_considered,
        c_visit=c_visit,
        c_scale=c_scale,
        gumbel_scale=gumbel_scale,
    )[0]


# -- evaluators for the tests --------------------------------------------------------------------


def make_uniform(num_players: int) -> Evaluator:
    """The spec's ``uniform`` evaluator for a game of ``num_players`` seats."""

    def evaluator(
        observations: np.ndarray, masks: np.ndarray, players: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        n = len(players)
        return (
            np.zeros(masks.shape, dtype=np.float32),
            np.zeros((n, num_players), dtype=np.float32),
        )

    return evaluator


class RandomMLP:
    """A fixed random-weight MLP on the observation, evaluated row by row (batch-independent)."""

    def __init__(self, obs_size: int, num_actions: int, num_players: int, seed: int = 0):
        rng = np.random.default_rng(seed)
        hidden = 32
        self.w1 = rng.normal(0, 1 / math.sqrt(max(obs_size, 1)), (obs_size, hidden))
        self.w_pi = rng.normal(0, 1.0, (hidden, num_actions))
        self.w_v = rng.normal(0, 1.0, (hidden, num_players))
        self.num_players = num_players

    def __call__(
        self, observations: np.ndarray, masks: np.ndarray, players: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        logits, values = [], []
        for obs in observations:
            h = np.tanh(obs.reshape(-1).astype(np.float64) @ self.w1)
            logits.append((h @ self.w_pi).astype(np.float32))
            values.append(np.tanh(h @ self.w_v).astype(np.float32))
        return np.stack(logits), np.stack(values)
