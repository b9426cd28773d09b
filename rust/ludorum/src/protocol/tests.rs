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
        .run(&input[..], &mut output)
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
