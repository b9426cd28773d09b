// A client of the ludorum engine protocol in another language (Node.js, no packages): it
// spawns the engine binary and plays full games of every game, half the moves picked from
// `legal` and played with `play`, half asked of the engine with `genmove`, in text mode and in
// JSON-lines mode; then, in each mode, what an engine author expects: list options, the games'
// facts, `analyse`, budgets of time, `stop` sent while a search runs, seat mode, `show`'s
// board (and a seat's board), and refusals.
// Usage: node client.mjs ENGINE [GAMES_PER_MODE]. Prints one line per game and exits non-zero
// on any unexpected answer.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const [engine, perMode = "2"] = process.argv.slice(2);
if (!engine) {
  console.error("usage: node client.mjs ENGINE [GAMES_PER_MODE]");
  process.exit(2);
}

/** A session with the engine: send(line) resolves to its answer. */
function session(json) {
  const child = spawn(engine, json ? ["--json"] : [], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  let buffer = [];
  lines.on("line", (line) => {
    if (json) {
      waiting.shift()(JSON.parse(line));
    } else if (line === "") {
      const answer = buffer.join("\n");
      buffer = [];
      waiting.shift()(answer);
    } else {
      buffer.push(line);
    }
  });
  const send = (line) =>
    new Promise((resolve) => {
      waiting.push(resolve);
      child.stdin.write(line + "\n");
    });
  return { send, close: () => child.stdin.end(), done: new Promise((r) => child.on("exit", r)) };
}

/** Text mode: the result of `=` answers; throws on `?`. */
function ok(answer, what) {
  if (!answer.startsWith("=")) throw new Error(`${what}: ${answer}`);
  return answer.replace(/^=\S*\s?/, "");
}

let seed = 1;
function random(n) {
  // a small LCG: the client's own choices, reproducible
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

async function textGame(s, game, options) {
  ok(await s.send(`new ${game} ${options}`), "new");
  let plies = 0;
  for (;;) {
    const player = ok(await s.send("current_player"), "current_player");
    if (player === "none") break;
    if (random(2) === 0) {
      const legal = ok(await s.send("legal"), "legal").split(", ");
      const move = legal[random(legal.length)];
      const played = ok(await s.send(`play ${move}`), `play ${move}`);
      if (played !== move) throw new Error(`played ${played}, asked ${move}`);
    } else {
      ok(await s.send("genmove random"), "genmove");
    }
    plies += 1;
  }
  const outcome = JSON.parse(ok(await s.send("outcome"), "outcome"));
  const bad = await s.send("play nonsense");
  if (!bad.startsWith("?")) throw new Error(`a move after the end was accepted: ${bad}`);
  return { plies, outcome };
}

async function jsonGame(s, game, options) {
  const call = async (command, ...args) => {
    const answer = await s.send(JSON.stringify({ id: command, command, args }));
    if (answer.id !== command) throw new Error(`id ${answer.id} for ${command}`);
    return answer;
  };
  const opened = await call("new", game, ...options.split(" ").filter(Boolean));
  if (!opened.ok) throw new Error(opened.error);
  let plies = 0;
  for (;;) {
    const player = (await call("current_player")).result;
    if (player === "none") break;
    const legal = (await call("legal")).result;
    const move = legal[random(legal.length)];
    const answer = await call("play", move);
    if (!answer.ok || answer.result !== move) throw new Error(`play ${move}: ${answer.error}`);
    plies += 1;
  }
  const view = (await call("json", "0")).result;
  // a game with hidden information answers with the viewer's view (the others have one view)
  if (game === "armadora" && view.viewer !== 0) throw new Error("json 0 is not player 0's view");
  const bad = await call("play", "nonsense");
  if (bad.ok || !bad.kind.endsWith("Error")) throw new Error("a bad move was accepted");
  return { plies, outcome: (await call("outcome")).result };
}

/** The engine-grade commands, through `ask(command, ...args)` -> {ok, result, error}. */
async function engineGrade(ask) {
  const must = (cond, what) => {
    if (!cond) throw new Error(what);
  };
  const games = (await ask("games")).result;
  const armadora = games.find((g) => g.name === "armadora");
  must(armadora.seeded === true && games.find((g) => g.name === "dominions").seeded === false, "seeded");
  must(armadora.options.some((o) => o.name === "gold" && o.kind), "option kinds");
  must((await ask("new", "armadora", "players=2", "gold=7,6,6,5,5,4,4,3", "seed=1")).ok, "gold list");
  must((await ask("new", "armadora", "players=2", "rules=advanced", "races=mage,orc")).ok, "races");
  must(!(await ask("new", "dominions", "seed=1", "seed=2")).ok, "an option given twice");
  must((await ask("new", "dominions")).ok, "new dominions");
  // show draws the board with its coordinates (here the hexagon's row ends), then the summary
  const board = String((await ask("show")).result).split("\n");
  must(board[0].trim().startsWith("q9") && board[0].endsWith("q17"), `the board: ${board[0]}`);
  must(board.some((line) => line.startsWith("game dominions ply 0 to move: 0")), "the summary");
  const analysis = (await ask("analyse", "mcts:200")).result;
  must(analysis.simulations === 200 && analysis.moves[0].move === analysis.best, "analyse");
  must((await ask("current_player")).result === 0, "analyse does not play");
  must((await ask("genmove", "mcts:50ms")).ok, "a time budget");
  // stop while a search runs: both answers come back, in order, the search cut short
  const searching = ask("analyse", "mcts:10000000");
  const stopped = ask("stop");
  const cut = (await searching).result;
  must((await stopped).ok && cut.stopped === true && cut.simulations < 10000000, "stop");
  must(!(await ask("genmove", "mcts:4294967295")).ok, "a budget over the limit");
  must((await ask("new", "armadora", "players=2", "seed=4", "seat=1")).ok, "seat mode");
  must((await ask("play", "3@c3")).result === "?@c3", "the seat's view of a move");
  must(!(await ask("key")).ok && !(await ask("json", "0")).ok, "referee knowledge refused");
  must((await ask("json")).result.viewer === 1, "the seat's view");
  // the seat's board: the other player's warrior face down, its strength nowhere
  const seen = String((await ask("show")).result);
  must(/ [A-Z]\? /.test(seen) && seen.includes("viewer 1"), `the seat's board: ${seen}`);
  must(!(await ask("show", "0")).ok, "another seat's board refused");
  const bad = await ask("play", "a\u0000b\u001b");
  must(!bad.ok && !/[\u0000\u001b]/.test(bad.error), "control bytes escaped");
}

const GAMES = [
  ["chinese_checkers", "players=2 pieces=10 area=free max_plies=300"],
  ["chinese_checkers", "players=3 max_plies=200"],
  ["domination", "players=3 max_plies=400"],
  ["dominions", "max_plies=250"],
  ["armadora", "players=3"],
  ["armadora", "players=4 rules=advanced partners=true"],
  ["so_long_sucker", "players=4"],
];

let failures = 0;
for (const json of [false, true]) {
  const s = session(json);
  for (const [game, options] of GAMES) {
    for (let k = 0; k < Number(perMode); k += 1) {
      try {
        const { plies, outcome } = await (json ? jsonGame : textGame)(s, game, options);
        console.log(`${json ? "json" : "text"} ${game} ${options}: ${plies} plies, ${JSON.stringify(outcome)}`);
      } catch (error) {
        failures += 1;
        console.log(`FAILED ${json ? "json" : "text"} ${game} ${options}: ${error.message}`);
      }
    }
  }
  try {
    await engineGrade(async (command, ...args) => {
      if (json) {
        const answer = await s.send(JSON.stringify({ command, args }));
        if (!("id" in answer) || answer.id !== null) throw new Error(`no id null: ${answer.id}`);
        return answer;
      }
      const answer = await s.send([command, ...args].join(" "));
      const body = answer.replace(/^[=?]\S*\s?/, "");
      const ok = answer.startsWith("=");
      let result = body;
      try {
        result = JSON.parse(body);
      } catch {
        // a plain text result
      }
      if (ok && /^\d+$/.test(body)) result = Number(body);
      return { ok, result, error: ok ? null : body };
    });
    console.log(`${json ? "json" : "text"} engine-grade commands: ok`);
  } catch (error) {
    failures += 1;
    console.log(`FAILED ${json ? "json" : "text"} engine-grade commands: ${error.message}`);
  }
  await s.send(json ? JSON.stringify({ command: "quit" }) : "quit");
  await s.done;
}
console.log(failures === 0 ? "all games played" : `${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
