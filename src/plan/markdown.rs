//! Markdown export of a [`FixPlan`] (the GUI's "Export plan" and `plan` text output share it): the diagnosis,
//! then each step with why, effect, cost, settings, fenced commands per shell, files and undo, then verify.
//! Code fences are made longer than any backtick run inside them so no content can break out.

use std::fmt::Write as _;

use super::{FixPlan, Step};

fn fence_for(content: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in content.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

fn code_block(out: &mut String, lang: &str, content: &str) {
    let fence = fence_for(content);
    let _ = writeln!(
        out,
        "{fence}{lang}\n{}\n{fence}\n",
        content.trim_end_matches('\n')
    );
}

fn step(out: &mut String, number: usize, s: &Step) {
    let _ = writeln!(out, "### {number}. {} (`{}`)\n", s.title, s.id);
    if !s.why.is_empty() {
        let _ = writeln!(out, "**Why:** {}\n", s.why);
    }
    if !s.effect.summary.is_empty() {
        let _ = writeln!(out, "**Effect:** {}\n", s.effect.summary);
    }
    if !s.cost.is_empty() {
        let _ = writeln!(out, "**Cost:** {}\n", s.cost);
    }
    if !s.settings.is_empty() {
        out.push_str("**Settings:**\n\n");
        for setting in &s.settings {
            let _ = writeln!(out, "1. {setting}");
        }
        out.push('\n');
    }
    let mut shells: Vec<_> = s.commands.iter().map(|c| c.shell).collect();
    shells.dedup();
    for shell in shells {
        let text: Vec<&str> = s
            .commands
            .iter()
            .filter(|c| c.shell == shell)
            .map(|c| c.text.as_str())
            .collect();
        let _ = writeln!(out, "{}:\n", shell.label());
        code_block(out, shell.fence(), &text.join("\n"));
    }
    for file in &s.files {
        let _ = writeln!(out, "File `{}`:\n", file.path);
        code_block(out, "", &file.content);
    }
    for note in &s.notes {
        let _ = writeln!(out, "> {note}\n");
    }
    if !s.undo.is_empty() {
        let _ = writeln!(out, "**Undo:** {}\n", s.undo);
    }
}

pub fn render(plan: &FixPlan) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# VRAM Doctor fix plan\n\n{} on {}, commands for {}.\n",
        plan.runtime.label(),
        plan.os.label(),
        plan.shell.label()
    );
    let _ = writeln!(out, "## Diagnosis: {}\n", plan.diagnosis.title);
    if !plan.diagnosis.summary.is_empty() {
        let _ = writeln!(out, "{}\n", plan.diagnosis.summary);
    }
    if let Some(r) = &plan.recommendation {
        let _ = writeln!(out, "## Recommended setup: {}\n", r.title);
        let _ = writeln!(out, "{}\n", r.why);
        out.push_str("| alternative | setup | speed | quality |\n|---|---|---|---|\n");
        for a in std::iter::once(r).chain(&plan.alternatives) {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                a.goal.label(),
                a.title,
                a.tokens_per_second.map_or_else(
                    || "unknown".to_owned(),
                    |t| format!("~{:.1} tok/s at {} ctx", t.generation, t.at_ctx)
                ),
                a.quality.words
            );
        }
        out.push('\n');
        if !plan.policy.is_empty() {
            let _ = writeln!(out, "How it chose: {}\n", plan.policy);
        }
    }
    if !plan.levers.is_empty() {
        out.push_str("What each change buys on its own (explanation, not a fix):\n\n");
        for l in &plan.levers {
            let _ = writeln!(out, "- {}", l.summary);
        }
        out.push('\n');
    }
    if plan.steps.is_empty() {
        out.push_str("No memory fix applies.\n\n");
    } else {
        out.push_str(
            "## Fixes, in order\n\nEach step fixes the problem on its own; try them top to bottom and stop when it works.\n\n",
        );
        for (i, s) in plan.steps.iter().enumerate() {
            step(&mut out, i + 1, s);
        }
    }
    if !plan.verify.is_empty() {
        out.push_str("## Verify\n\n");
        for (i, s) in plan.verify.iter().enumerate() {
            step(&mut out, i + 1, s);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_outgrow_backticks() {
        assert_eq!(fence_for("plain"), "```");
        assert_eq!(fence_for("a ```` b"), "`````");
    }
}
