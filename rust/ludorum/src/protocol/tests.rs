//! The golden transcripts of `tests/data/protocol/` (pytest replays them through `ludorum
//! serve` too), bad lines, and a fuzz of random lines.

use std::path::Path;

use super::*;

/// `(input, expected output)` of a transcript: lines starting with `> ` are sent (JSON mode
/// when the file name starts with `json`), every other line is expected output. `{known games}`
/// stands for the names of every game of the list, sorted, as errors give them, so that a new
/// game changes no transcript.
fn transcript(path: &Path) -> (Vec<String>, String) {
    let mut names: Vec<&str> = crate::games::ALL.iter().map(|f| f.name).collect();
    names.sort_unstable();
    let text = std::fs::read_to_string(path)
        .expect("readable transcript")
        .replace("{known games}", &names.join(", "));
    let mut input = Vec::new();
    let mut expected = String::new();
    for line in text.lines() {
        match line.strip_prefix("> ") {
            Some(sent) => input.push(sent.to_owned()),
            None => {
                expected.push_str(line);
                expected.push('\n');
            }
        }
    }
    (input, expected)
}

fn run(json: bool, lines: &[String]) -> String {
    let mut session = Session::new(json);
    let mut out = String::new();
    for line in lines {
        let (reply, quit) = session.handle_line(line.as_bytes());
        out.push_str(&reply);
        if quit {
            break;
        }
    }
    out
}

#[test]
fn golden_transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/protocol");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("the transcripts") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        let json = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("json"));
        let (input, expected) = transcript(&path);
        let got = run(json, &input);
        assert_eq!(got, expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} transcripts");
}

#[test]
fn long_lines_and_garbage_do_not_stop_the_session() {
    let mut input = Vec::new();
    input.extend_from_slice(b"new chinese_checkers\n");
    input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
    input.extend_from_slice(b"\n\xff\xfe\x00garbage\nplay e5-f5\ncurrent_player\n");
    let mut output = Vec::new();
    Session::new(false)
        .run(std::io::Cursor::new(input), &mut output)
        .expect("no I/O error");
    let text = String::from_utf8(output).expect("UTF-8 out");
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 5, "{text}");
    assert_eq!(answers[0], "= 1");
    assert!(answers[1].starts_with("? line longer than"));
    assert_eq!(answers[2], "? the line is not UTF-8 text");
    assert_eq!(answers[3], "= e5-f5");
    assert_eq!(answers[4], "= 1");
}

#[test]
fn a_failed_command_changes_nothing() {
    let mut session = Session::new(false);
    session.handle_line(b"new armadora players=3 seed=4");
    let (before, _) = session.handle_line(b"json");
    for bad in [
        "play 9@z9",
        "play pass pass",
        "load {\"game\": \"armadora\"}",
        "load not json",
        "undo",
        "chat 0 hello",
        "perft 99",
        "genmove alphazero",
        "json 7",
        "legal x",
        "new armadora players=9",
        "frobnicate",
    ] {
        let (reply, quit) = session.handle_line(bad.as_bytes());
        assert!(reply.starts_with('?'), "{bad}: {reply}");
        assert!(!quit);
        let (after, _) = session.handle_line(b"json");
        assert_eq!(before, after, "{bad}");
    }
}

#[test]
fn simulate_is_reproduced_through_the_protocol() {
    use crate::core::batch::Batch;
    use crate::games::so_long_sucker::SoLongSucker;
    let options = serde_json::json!({"players": 3});
    let batch = Batch::<SoLongSucker>::new(options.as_object().unwrap(), 40).unwrap();
    let records = crate::simulate(&batch, 0, 6, 1, None).unwrap();
    for (i, record) in records.iter().enumerate() {
        let mut session = Session::new(false);
        let seed = 40 + i as u64;
        session.handle_line(format!("new so_long_sucker players=3 seed={seed}").as_bytes());
        session.handle_line(format!("seed {seed}").as_bytes());
        let mut plies = 0;
        while session.handle_line(b"current_player").0 != "= none\n\n" {
            let (reply, _) = session.handle_line(b"genmove random");
            assert!(reply.starts_with('='), "{reply}");
            plies += 1;
        }
        assert_eq!(plies, record.length);
        let (outcome, _) = session.handle_line(b"outcome");
        let winners: Vec<usize> = (0..3).filter(|p| record.winners & (1 << p) != 0).collect();
        assert!(outcome.contains(&format!("\"winners\":{winners:?}").replace(' ', "")));
    }
}

#[test]
fn random_lines_never_break_the_framing() {
    let words = [
        "new",
        "play",
        "undo",
        "legal",
        "json",
        "load",
        "show",
        "chat",
        "perft",
        "genmove",
        "use",
        "close",
        "tables",
        "seed",
        "key",
        "returns",
        "outcome",
        "armadora",
        "so_long_sucker",
        "chinese_checkers",
        "domination",
        "dominions",
        "players=3",
        "seed=1",
        "0",
        "1",
        "7",
        "-1",
        "e5-f5",
        "pass",
        "{",
        "}",
        "\"",
        "mcts:2",
        "random",
        "@",
        "é",
        "",
    ];
    let mut rng = SplitMix64::new(5);
    for json in [false, true] {
        let mut session = Session::new(json);
        for _ in 0..3000 {
            let n = 1 + rng.below(5);
            let line: Vec<&str> = (0..n).map(|_| words[rng.below(words.len())]).collect();
            let line = if json && rng.below(2) == 0 {
                let args: Vec<&&str> = line[1..].iter().collect();
                serde_json::json!({"id": rng.below(9), "command": line[0], "args": args})
                    .to_string()
            } else {
                line.join(" ")
            };
            let (reply, quit) = session.handle_line(line.as_bytes());
            if quit {
                session = Session::new(json);
                continue;
            }
            if reply.is_empty() {
                continue;
            }
            if json {
                let value: Value = serde_json::from_str(&reply).expect("a JSON line");
                assert!(value.get("ok").is_some());
                assert_eq!(reply.matches('\n').count(), 1);
            } else {
                assert!(
                    reply.starts_with('=') || reply.starts_with('?'),
                    "{line}: {reply}"
                );
                assert!(reply.ends_with("\n\n") && !reply[..reply.len() - 2].contains("\n\n"));
            }
        }
    }
}

/// The answers of `lines` sent through [`Session::run`] (the reading thread, `stop`).
fn served(limits: Limits, json: bool, lines: &str) -> Vec<String> {
    let mut output = Vec::new();
    Session::with_limits(json, limits)
        .run(std::io::Cursor::new(lines.as_bytes().to_vec()), &mut output)
        .expect("no I/O error");
    let text = String::from_utf8(output).expect("UTF-8 out");
    if json {
        text.lines().map(str::to_owned).collect()
    } else {
        text.split("\n\n")
            .filter(|a| !a.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

#[test]
fn stop_ends_a_running_search_and_the_lines_after_it_are_answered_in_order() {
    // a budget the search could not finish before the time limit: only `stop` ends it early
    let limits = Limits {
        think: Duration::from_secs(120),
        ..Limits::default()
    };
    let answers = served(
        limits,
        false,
        "new dominions\nanalyse mcts:10000000\nstop\ncurrent_player\nquit\n",
    );
    assert_eq!(answers.len(), 5, "{answers:?}");
    let analysis: Value = serde_json::from_str(answers[1].trim_start_matches("= ")).unwrap();
    assert_eq!(analysis["stopped"], true, "{analysis}");
    assert!(analysis["simulations"].as_u64().unwrap() < 10_000_000);
    assert_eq!(answers[2], "=");
    assert_eq!(answers[3], "= 0");
}

#[test]
fn limits_refuse_what_is_over_them_and_change_nothing() {
    let limits = Limits {
        tables: 1,
        simulations: 100,
        think: Duration::from_secs(2),
        perft_depth: 3,
        perft_time: Duration::from_millis(1),
    };
    let mut session = Session::with_limits(false, limits);
    let mut ask = |line: &str| session.handle_line(line.as_bytes()).0;
    assert_eq!(ask("new dominions"), "= 1\n\n");
    assert!(ask("new dominions").contains("at most 1 tables"));
    assert!(ask("genmove mcts:101").contains("at most 100 simulations"));
    assert!(ask("genmove mcts:3s").contains("at most 2 s"));
    assert!(ask("genmove mcts:4294967295").starts_with("? "));
    assert!(ask("perft 4").contains("perft depth must be 0..3"));
    // a millisecond is too short for depth 3 of Dominions (some 10^5 leaves)
    assert!(ask("perft 3").contains("over the limit"));
    assert_eq!(ask("current_player"), "= 0\n\n");
    assert_eq!(ask("key"), session_key_at_start());
    assert!(ask("genmove mcts:1s").starts_with("= "));
}

fn session_key_at_start() -> String {
    let mut fresh = Session::new(false);
    fresh.handle_line(b"new dominions");
    fresh.handle_line(b"key").0
}

#[test]
fn list_options_repeated_options_and_the_facts_of_games() {
    let mut session = Session::new(false);
    let mut ask = |line: &str| session.handle_line(line.as_bytes()).0;
    assert_eq!(
        ask("new armadora players=2 gold=7,6,6,5,5,4,4,3 seed=1"),
        "= 1\n\n"
    );
    assert!(ask("json").contains(r#""gold":[7,6,6,5,5,4,4,3]"#));
    assert_eq!(
        ask("new armadora players=2 rules=advanced races=mage,orc seed=1"),
        "= 2\n\n"
    );
    assert!(
        ask("json").contains(r#""races":["mage","orc"]"#),
        "{}",
        ask("json")
    );
    assert!(ask("new armadora players=2 players=3").contains("option 'players' is given twice"));
    assert!(ask("new armadora gold=7,x").contains("a list of integers"));
    let games: Value = serde_json::from_str(ask("games").trim_start_matches("= ").trim()).unwrap();
    let armadora = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "armadora")
        .unwrap();
    assert_eq!(armadora["seeded"], true);
    let players = &armadora["options"][0];
    assert_eq!(
        (players["name"].as_str(), players["default"].as_u64()),
        (Some("players"), Some(2))
    );
    let chinese = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "chinese_checkers")
        .unwrap();
    assert_eq!(chinese["seeded"], false);
}

#[test]
fn a_seated_table_answers_from_its_seat_only() {
    let mut session = Session::new(false);
    let mut ask = |line: &str| session.handle_line(line.as_bytes()).0;
    assert_eq!(ask("new armadora players=2 seed=4 seat=1"), "= 1\n\n");
    // player 0's warrior, as player 1 sees it
    assert_eq!(ask("play 3@c3"), "= ?@c3\n\n");
    assert!(ask("json").contains(r#""viewer":1"#));
    assert!(ask("json 0").contains("seated as player 1"));
    assert!(ask("show 0").contains("seated as player 1"));
    assert!(ask("legal 0").contains("seated as player 1"));
    assert!(ask("key").contains("seated as player 1"));
    assert!(ask("perft 1").contains("seated as player 1"));
    let own = ask("genmove"); // player 1's own move, in full
    assert!(own.starts_with("= ") && !own.contains('?'), "{own}");
    assert!(
        ask("genmove").contains("seated as player 1"),
        "player 0 to move"
    );
    assert_eq!(ask("undo"), own);
    assert_eq!(ask("undo"), "= ?@c3\n\n");
    assert_eq!(ask("use 1 referee"), "= 1\n\n");
    assert!(ask("key").starts_with("= "));
    assert!(ask("use 1 seat=9").contains("from 0 to 1"));
}

#[test]
fn errors_escape_control_bytes_and_json_answers_always_carry_an_id() {
    let mut session = Session::new(false);
    session.handle_line(b"new tic_tac_toe");
    let reply = session.handle_line(b"play a\x00b\x1b[31m").0;
    assert!(!reply.bytes().any(|b| b == 0 || b == 0x1b), "{reply:?}");
    assert!(
        reply.contains("\\u{0}") && reply.contains("\\u{1b}"),
        "{reply}"
    );
    let mut session = Session::new(true);
    let reply = session.handle_line(br#"{"command": "name"}"#).0;
    assert_eq!(reply, "{\"id\":null,\"ok\":true,\"result\":\"ludorum\"}\n");
    let reply = session
        .handle_line(br#"{"id": 1, "command": "name", "command": "quit"}"#)
        .0;
    assert!(
        reply.contains("duplicate key 'command'") && reply.contains("\"id\":null"),
        "{reply}"
    );
    let reply = session
        .handle_line(br#"{"id": 2, "command": "new", "args": ["dominions", "seed=1", "seed=2"]}"#)
        .0;
    assert!(reply.contains("given twice"), "{reply}");
}

#[test]
fn a_host_that_says_stop_ends_the_search_and_the_session() {
    let limits = Limits {
        think: Duration::from_secs(120),
        ..Limits::default()
    };
    let mut output = Vec::new();
    let mut asked = 0;
    let mut go_on = || {
        asked += 1;
        asked < 4
    };
    Session::with_limits(false, limits)
        .run_until(
            std::io::Cursor::new(b"new dominions\nanalyse mcts:10000000\nkey\n".to_vec()),
            &mut output,
            &mut go_on,
        )
        .expect("no I/O error");
    let text = String::from_utf8(output).expect("UTF-8 out");
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    // the stopped search answers, and the session ends before the line after it
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers[1].contains("\"stopped\":true"), "{}", answers[1]);
}

#[test]
fn show_draws_every_game_s_board_and_a_seat_sees_only_its_view() {
    for facts in ALL {
        let mut session = Session::new(false);
        let (reply, _) = session.handle_line(format!("new {}", facts.name).as_bytes());
        assert_eq!(reply, "= 1\n\n");
        let (shown, _) = session.handle_line(b"show");
        let lines: Vec<&str> = shown.trim_end().lines().collect();
        let summary = lines
            .iter()
            .position(|l| l.starts_with(&format!("game {} ply 0", facts.name)))
            .expect("the summary");
        // a board of several lines before the summary, and no blank line inside the answer
        assert!(summary >= 3, "{shown}");
        assert!(!shown.trim_end().contains("\n\n"), "{shown}");
    }
    let mut session = Session::new(false);
    let mut ask = |line: &str| session.handle_line(line.as_bytes()).0;
    ask("new armadora players=2 first_player=0 seat=1");
    assert_eq!(ask("play 3@c3"), "= ?@c3\n\n");
    let seated = ask("show");
    assert!(
        seated.contains(" O? ") && !seated.contains("O3"),
        "{seated}"
    );
    ask("use 1 referee");
    assert!(ask("show").contains(" O3 "));
    assert!(ask("show 1").contains(" O? "));
}
