//! Shell quoting: every path and value the Fix Wizard prints goes through exactly one quoting function per
//! shell, so a pasted command passes each value as one literal argument — or is refused, never emitted.
//!
//! Rules, from each shell's documentation:
//! - bash/zsh: inside single quotes every byte is literal and no escape exists, so `'` becomes `'\''`
//!   (close, escaped quote, reopen). Newlines are fine inside quotes. A NUL byte cannot be in an argv at all.
//! - PowerShell (`about_Quoting_Rules`): a single-quoted string is verbatim; a quote is written by doubling it,
//!   and PowerShell treats the typographic quotes U+2018/U+2019/U+201A/U+201B as single quotes too, so those are
//!   doubled as well. A `"` is refused: Windows PowerShell 5.1 passes embedded double quotes to native programs
//!   unescaped (fixed only by 7.3's `PSNativeCommandArgumentPassing`), and no Windows path contains one. For the
//!   same legacy argument passing, an empty argument (dropped) and a value with spaces ending in `\` (its
//!   closing quote gets escaped) are refused.
//! - cmd.exe: inside `"…"` the operators `& | < > ^ ( )` are literal. `%` cannot be escaped on an interactive
//!   command line (`%VAR%` expands even inside quotes), a `"` toggles cmd's quote state, and a line break ends
//!   the command — values with any of these are refused. Backslashes before the closing quote are doubled,
//!   because the program's argv parser (`CommandLineToArgvW`) reads `\"` as a literal quote. `!` is literal
//!   because delayed expansion is off in an interactive cmd unless started with `/V:ON`.
//!
//! This module does not run anything; `tests/plan_shell.rs` executes the bash form with a real bash.

use serde::{Deserialize, Serialize};

use super::PlanError;

/// The shell the user pastes commands into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Shell {
    /// bash or zsh (Linux, macOS, WSL2, Git Bash).
    #[default]
    Bash,
    PowerShell,
    Cmd,
}

impl Shell {
    pub const ALL: [Self; 3] = [Self::Bash, Self::PowerShell, Self::Cmd];

    /// CONTRACT.md spelling (`--shell bash|powershell|cmd`, JSON `"shell"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Bash => "bash",
            Self::PowerShell => "powershell",
            Self::Cmd => "cmd",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "bash" | "zsh" | "sh" => Some(Self::Bash),
            "powershell" | "pwsh" | "ps" => Some(Self::PowerShell),
            "cmd" | "cmd.exe" => Some(Self::Cmd),
            _ => None,
        }
    }

    /// Name for headings ("bash / zsh", "PowerShell", "Command Prompt (cmd)").
    pub fn label(self) -> &'static str {
        match self {
            Self::Bash => "bash / zsh",
            Self::PowerShell => "PowerShell",
            Self::Cmd => "Command Prompt (cmd)",
        }
    }

    /// The Markdown code-fence language for this shell.
    pub fn fence(self) -> &'static str {
        match self {
            Self::Bash => "bash",
            Self::PowerShell => "powershell",
            Self::Cmd => "bat",
        }
    }

    /// Quotes one value as one literal argument for this shell, or refuses it.
    pub fn quote(self, value: &str) -> Result<String, PlanError> {
        match self {
            Self::Bash => quote_bash(value),
            Self::PowerShell => quote_powershell(value),
            Self::Cmd => quote_cmd(value),
        }
    }

    /// `program arg arg …` with every argument quoted. `program` is a command name or a path; a path that needs
    /// quoting is invoked with `&` in PowerShell (a quoted string alone is not a command there).
    pub fn command<S: AsRef<str>>(self, program: &str, args: &[S]) -> Result<String, PlanError> {
        let quoted_program = self.quote(program)?;
        let mut line = if self == Self::PowerShell && quoted_program != program {
            format!("& {quoted_program}")
        } else {
            quoted_program
        };
        for arg in args {
            line.push(' ');
            line.push_str(&self.quote(arg.as_ref())?);
        }
        Ok(line)
    }

    /// Sets an environment variable for this shell session (and the programs it starts).
    pub fn set_env(self, name: &str, value: &str) -> Result<String, PlanError> {
        check_env_name(self, name)?;
        Ok(match self {
            Self::Bash => format!("export {name}={}", quote_bash(value)?),
            Self::PowerShell => format!("$env:{name} = {}", powershell_string(value)?),
            // `set "NAME=value"`: the quotes keep operators literal and drop trailing spaces safely.
            Self::Cmd => {
                check_cmd(value)?;
                format!("set \"{name}={value}\"")
            }
        })
    }

    /// Removes an environment variable from this shell session.
    pub fn unset_env(self, name: &str) -> Result<String, PlanError> {
        check_env_name(self, name)?;
        Ok(match self {
            Self::Bash => format!("unset {name}"),
            Self::PowerShell => format!("Remove-Item Env:{name}"),
            Self::Cmd => format!("set \"{name}=\""),
        })
    }

    /// A comment line.
    pub fn comment(self, text: &str) -> String {
        let one_line = text.replace(['\n', '\r'], " ");
        match self {
            Self::Bash | Self::PowerShell => format!("# {one_line}"),
            Self::Cmd => format!(
                "rem {}",
                one_line.replace(['%', '&', '|', '<', '>', '^', '"'], " ")
            ),
        }
    }
}

impl std::fmt::Display for Shell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

fn refuse(shell: Shell, value: &str, reason: &'static str) -> PlanError {
    PlanError::Unquotable {
        shell: shell.as_str(),
        value: value.to_owned(),
        reason,
    }
}

fn check_env_name(shell: Shell, name: &str) -> Result<(), PlanError> {
    let valid = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid {
        Ok(())
    } else {
        Err(refuse(
            shell,
            name,
            "an environment variable name must be letters, digits and _",
        ))
    }
}

/// Characters that never need quoting in bash (no globbing, expansion, word splitting or operators).
fn bash_plain(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '_' | '-' | '.' | '/' | ':' | '=' | ',' | '+' | '@' | '%')
}

/// bash/zsh: `'…'` with `'` written as `'\''`; plain words stay bare for readability.
pub fn quote_bash(value: &str) -> Result<String, PlanError> {
    if value.contains('\0') {
        return Err(refuse(
            Shell::Bash,
            value,
            "a NUL byte cannot be passed in a command line",
        ));
    }
    // A leading `=` is a zsh filename expansion (`=cmd`), `~` is not in the plain set at all.
    if !value.is_empty() && value.chars().all(bash_plain) && !value.starts_with('=') {
        return Ok(value.to_owned());
    }
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    Ok(out)
}

/// PowerShell treats these four typographic quotes exactly like `'` (about_Quoting_Rules).
fn is_powershell_single_quote(c: char) -> bool {
    matches!(c, '\'' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}')
}

/// PowerShell argument: bare when plain, else a verbatim single-quoted string (see [`powershell_string`]).
pub fn quote_powershell(value: &str) -> Result<String, PlanError> {
    if value.contains('\0') {
        return Err(refuse(
            Shell::PowerShell,
            value,
            "a NUL byte cannot be passed in a command line",
        ));
    }
    if value.is_empty() {
        return Err(refuse(
            Shell::PowerShell,
            value,
            "Windows PowerShell 5.1 drops an empty argument to a program",
        ));
    }
    if value.ends_with('\\') && value.contains(char::is_whitespace) {
        return Err(refuse(
            Shell::PowerShell,
            value,
            "Windows PowerShell 5.1 wraps it in double quotes without doubling the final backslash, so the program sees a stray quote; leave the trailing backslash out",
        ));
    }
    if value.contains(['"', '\u{201C}', '\u{201D}', '\u{201E}']) {
        return Err(refuse(
            Shell::PowerShell,
            value,
            "Windows PowerShell 5.1 passes double quotes inside an argument to programs unescaped",
        ));
    }
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '\\' | ':' | '+'))
        // `--%` stops PowerShell's parsing and `-name:value` binds a parameter: quote those.
        && !(value.starts_with('-') && (value.contains(':') || value.starts_with("--%")));
    if plain {
        return Ok(value.to_owned());
    }
    powershell_string(value)
}

/// PowerShell string literal for expression mode (assignments, method arguments), where a bare word would be
/// run as a command: always `'…'`, every kind of single quote doubled.
pub fn powershell_string(value: &str) -> Result<String, PlanError> {
    if value.contains('\0') {
        return Err(refuse(
            Shell::PowerShell,
            value,
            "a NUL byte cannot be passed in a command line",
        ));
    }
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        if is_powershell_single_quote(c) {
            out.push(c);
        }
        out.push(c);
    }
    out.push('\'');
    Ok(out)
}

fn check_cmd(value: &str) -> Result<(), PlanError> {
    if value.contains('\0') {
        return Err(refuse(
            Shell::Cmd,
            value,
            "a NUL byte cannot be passed in a command line",
        ));
    }
    if value.contains(['\n', '\r']) {
        return Err(refuse(
            Shell::Cmd,
            value,
            "a line break ends a cmd command; it cannot be quoted",
        ));
    }
    if value.contains('%') {
        return Err(refuse(
            Shell::Cmd,
            value,
            "cmd expands %…% even inside quotes and offers no escape on the command line",
        ));
    }
    if value.contains('"') {
        return Err(refuse(
            Shell::Cmd,
            value,
            "a double quote toggles cmd's quoting; it cannot be escaped safely",
        ));
    }
    Ok(())
}

/// cmd.exe: `"…"` around anything but plain words; trailing backslashes doubled for the argv parser.
pub fn quote_cmd(value: &str) -> Result<String, PlanError> {
    check_cmd(value)?;
    let plain = !value.is_empty()
        && value.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '_' | '-' | '.' | '/' | '\\' | ':' | '+' | '=' | ',')
        });
    if plain {
        return Ok(value.to_owned());
    }
    let trailing = value.len() - value.trim_end_matches('\\').len();
    let mut out = String::with_capacity(value.len() + trailing + 2);
    out.push('"');
    out.push_str(value);
    out.push_str(&"\\".repeat(trailing));
    out.push('"');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NASTY: &str = "it's $(rm -rf ~).gguf";

    #[test]
    fn bash_quotes_the_nasty_name_as_one_literal() {
        assert_eq!(quote_bash(NASTY).unwrap(), r"'it'\''s $(rm -rf ~).gguf'");
        assert_eq!(quote_bash("model.gguf").unwrap(), "model.gguf");
        assert_eq!(quote_bash("").unwrap(), "''");
        assert_eq!(quote_bash("~/m.gguf").unwrap(), "'~/m.gguf'");
        assert_eq!(quote_bash("=ls").unwrap(), "'=ls'");
        assert!(quote_bash("a\0b").is_err());
    }

    #[test]
    fn powershell_doubles_every_single_quote_kind() {
        assert_eq!(quote_powershell(NASTY).unwrap(), "'it''s $(rm -rf ~).gguf'");
        assert_eq!(
            quote_powershell("a\u{2019}b").unwrap(),
            "'a\u{2019}\u{2019}b'"
        );
        assert_eq!(quote_powershell("$env:PATH").unwrap(), "'$env:PATH'");
        assert_eq!(quote_powershell("a`b").unwrap(), "'a`b'");
        assert_eq!(
            quote_powershell("C:\\models\\x.gguf").unwrap(),
            "C:\\models\\x.gguf"
        );
        assert_eq!(quote_powershell("-m").unwrap(), "-m");
        assert_eq!(quote_powershell("-x:y").unwrap(), "'-x:y'");
        assert!(quote_powershell("say \"hi\"").is_err());
        assert!(quote_powershell("a\0").is_err());
        assert!(quote_powershell("").is_err());
        assert!(quote_powershell("C:\\My Models\\").is_err());
        assert_eq!(quote_powershell("C:\\Models\\").unwrap(), "C:\\Models\\");
        // Newlines are legal inside a PowerShell verbatim string.
        assert_eq!(quote_powershell("a\nb").unwrap(), "'a\nb'");
    }

    #[test]
    fn cmd_quotes_operators_and_refuses_what_it_cannot_hold() {
        assert_eq!(quote_cmd(NASTY).unwrap(), "\"it's $(rm -rf ~).gguf\"");
        assert_eq!(
            quote_cmd("a & b | c > d ^ e").unwrap(),
            "\"a & b | c > d ^ e\""
        );
        assert_eq!(
            quote_cmd("C:\\My Models\\").unwrap(),
            "\"C:\\My Models\\\\\""
        );
        assert_eq!(
            quote_cmd("C:\\models\\x.gguf").unwrap(),
            "C:\\models\\x.gguf"
        );
        assert_eq!(quote_cmd("wow!").unwrap(), "\"wow!\"");
        for bad in ["a\nb", "a\rb", "%PATH%", "100%", "say \"hi\"", "a\0b"] {
            let err = quote_cmd(bad).unwrap_err().to_string();
            assert!(err.contains("cmd"), "{err}");
        }
    }

    #[test]
    fn env_and_command_lines() {
        let v = "expandable_segments:True";
        assert_eq!(
            Shell::Bash.set_env("PYTORCH_CUDA_ALLOC_CONF", v).unwrap(),
            "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
        );
        assert_eq!(
            Shell::PowerShell
                .set_env("PYTORCH_CUDA_ALLOC_CONF", v)
                .unwrap(),
            "$env:PYTORCH_CUDA_ALLOC_CONF = 'expandable_segments:True'"
        );
        assert_eq!(
            Shell::Cmd.set_env("PYTORCH_CUDA_ALLOC_CONF", v).unwrap(),
            "set \"PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\""
        );
        assert!(Shell::Bash.set_env("BAD NAME", "x").is_err());
        assert_eq!(
            Shell::PowerShell
                .command(
                    "C:\\Program Files\\llama\\llama-server.exe",
                    &["-m", "a b.gguf"]
                )
                .unwrap(),
            "& 'C:\\Program Files\\llama\\llama-server.exe' -m 'a b.gguf'"
        );
        assert_eq!(Shell::Cmd.comment("100% & done"), "rem 100    done");
        assert_eq!(Shell::parse("pwsh"), Some(Shell::PowerShell));
    }
}
