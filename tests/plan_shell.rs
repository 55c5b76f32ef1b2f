//! Shell quoting of the Fix Wizard's commands: the bash form is executed by a real bash and must yield exactly
//! the intended argv; PowerShell and cmd forms are checked against their documented quoting rules.

use std::process::Command;

use proptest::prelude::*;
use vram_doctor::plan::Shell;
use vram_doctor::plan::shell::{quote_bash, quote_cmd, quote_powershell};

/// Runs `printf '%s\0' ARGS…` in bash and returns the argv bash built.
fn bash_argv(quoted_args: &[String]) -> Vec<String> {
    let script = format!("printf '%s\\0' {}", quoted_args.join(" "));
    let out = Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(&script)
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "bash failed on {script:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut parts: Vec<String> = out
        .stdout
        .split(|b| *b == 0)
        .map(|p| String::from_utf8(p.to_vec()).expect("utf-8 back"))
        .collect();
    parts.pop(); // after the last NUL
    parts
}

/// Fragments that mean something to some shell, plus arbitrary non-NUL characters.
fn nasty_string() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("'".to_owned()),
        Just("\"".to_owned()),
        Just("$".to_owned()),
        Just("$(id)".to_owned()),
        Just("${HOME}".to_owned()),
        Just("`".to_owned()),
        Just("`whoami`".to_owned()),
        Just(";".to_owned()),
        Just("&".to_owned()),
        Just("&&".to_owned()),
        Just("|".to_owned()),
        Just("%PATH%".to_owned()),
        Just("!".to_owned()),
        Just("!!".to_owned()),
        Just(" ".to_owned()),
        Just("\t".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("\\".to_owned()),
        Just("~".to_owned()),
        Just("*".to_owned()),
        Just("?".to_owned()),
        Just("[a]".to_owned()),
        Just("{a,b}".to_owned()),
        Just("#".to_owned()),
        Just("=".to_owned()),
        Just("<>".to_owned()),
        Just("()".to_owned()),
        Just("-n".to_owned()),
        Just("é".to_owned()),
        Just("日本語".to_owned()),
        Just("\u{2019}".to_owned()),
        Just("🦙".to_owned()),
        any::<char>()
            .prop_filter("no NUL", |c| *c != '\0')
            .prop_map(String::from),
        "[a-zA-Z0-9._/-]{1,6}",
    ];
    prop::collection::vec(piece, 0..10).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn bash_quoting_yields_the_intended_argv(args in prop::collection::vec(nasty_string(), 1..5)) {
        let quoted: Vec<String> = args.iter().map(|a| quote_bash(a).expect("bash quotes every non-NUL string")).collect();
        prop_assert_eq!(bash_argv(&quoted), args);
    }

    #[test]
    fn bash_command_lines_keep_program_and_args_apart(arg in nasty_string()) {
        let line = Shell::Bash.command("printf", &["%s\\0", arg.as_str()]).unwrap();
        let out = Command::new("bash").arg("--norc").arg("-c").arg(&line).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        prop_assert_eq!(text.strip_suffix('\0').unwrap_or(&text), arg.as_str());
    }

    #[test]
    fn powershell_verbatim_strings_round_trip(value in nasty_string()) {
        match quote_powershell(&value) {
            Err(e) => prop_assert!(
                value.is_empty()
                    || value.contains(['"', '\u{201C}', '\u{201D}', '\u{201E}'])
                    || (value.ends_with('\\') && value.contains(char::is_whitespace)),
                "{e}"
            ),
            Ok(q) if q.starts_with('\'') => {
                // Inside '…', a single quote of any of the four kinds appears only doubled; undoubling gives the value.
                let inner = &q[1..q.len() - 1];
                let mut back = String::new();
                let mut chars = inner.chars().peekable();
                while let Some(c) = chars.next() {
                    if matches!(c, '\'' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}') {
                        prop_assert_eq!(chars.next(), Some(c), "lone quote in {}", q);
                    }
                    back.push(c);
                }
                prop_assert_eq!(back, value);
            }
            Ok(bare) => {
                prop_assert_eq!(&bare, &value);
                prop_assert!(bare.chars().all(|c| c.is_ascii_alphanumeric() || "_-./\\:+".contains(c)));
            }
        }
    }

    #[test]
    fn cmd_quoting_is_inert_or_refused(value in nasty_string()) {
        match quote_cmd(&value) {
            Err(_) => prop_assert!(value.contains(['%', '"', '\n', '\r'])),
            Ok(q) if q.starts_with('"') => {
                prop_assert!(q.ends_with('"'));
                let inner = &q[1..q.len() - 1];
                // No quote inside (cmd's quote state never flips), no expansion, no line break.
                prop_assert!(!inner.contains(['"', '%', '\n', '\r']));
                // Backslashes before the closing quote come in pairs (argv parser: 2n → n).
                let trailing = inner.len() - inner.trim_end_matches('\\').len();
                prop_assert_eq!(trailing % 2, 0);
                prop_assert_eq!(format!("{}{}", inner.trim_end_matches('\\'), "\\".repeat(trailing / 2)), value);
            }
            Ok(bare) => {
                prop_assert_eq!(&bare, &value);
                prop_assert!(bare.chars().all(|c| c.is_ascii_alphanumeric() || "_-./\\:+=,".contains(c)));
            }
        }
    }
}

#[test]
fn the_nasty_model_name_is_one_harmless_argument_everywhere() {
    let name = "it's $(rm -rf ~).gguf";
    let bash = Shell::Bash.command("llama-server", &["-m", name]).unwrap();
    assert_eq!(bash, r"llama-server -m 'it'\''s $(rm -rf ~).gguf'");
    assert_eq!(
        bash_argv(&[quote_bash(name).unwrap()]),
        vec![name.to_owned()]
    );
    assert_eq!(
        Shell::PowerShell
            .command("llama-server", &["-m", name])
            .unwrap(),
        "llama-server -m 'it''s $(rm -rf ~).gguf'"
    );
    assert_eq!(
        Shell::Cmd.command("llama-server", &["-m", name]).unwrap(),
        "llama-server -m \"it's $(rm -rf ~).gguf\""
    );
}

#[test]
fn unrepresentable_values_are_refused_with_a_reason() {
    let err = quote_cmd("line one\nline two").unwrap_err().to_string();
    assert!(err.contains("cmd") && err.contains("line break"), "{err}");
    let err = quote_cmd("50%off").unwrap_err().to_string();
    assert!(err.contains("%"), "{err}");
    let err = quote_bash("nul\0byte").unwrap_err().to_string();
    assert!(err.contains("NUL"), "{err}");
    let err = quote_powershell("say \"hi\"").unwrap_err().to_string();
    assert!(err.contains("PowerShell"), "{err}");
}
