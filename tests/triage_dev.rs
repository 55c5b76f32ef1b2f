//! Accuracy on real crash logs from public issue threads (tests/data/triage, labels.tsv). The rules describe
//! runtimes' messages, not these files; this test keeps them honest on real text.

use std::collections::BTreeMap;
use std::path::Path;

use vram_doctor::triage::{self, Label};

#[test]
fn dev_set_accuracy_is_at_least_95_percent() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/triage");
    let labels = std::fs::read_to_string(dir.join("labels.tsv")).expect("labels");
    let mut total = 0;
    let mut right = 0;
    let mut confusion: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for row in labels.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (id, want) = (cols[0], cols[1]);
        let file = std::fs::File::open(dir.join(format!("{id}.log"))).expect("log");
        let d = triage::diagnose_reader(file, |_| {}).expect("read");
        total += 1;
        if d.label == Label::parse(want).expect("known label") {
            right += 1;
        } else {
            confusion
                .entry((want.to_owned(), d.label.as_str().to_owned()))
                .or_default()
                .push(id.to_owned());
        }
    }
    for ((want, got), ids) in &confusion {
        println!("expected {want:<22} got {got:<22} {ids:?}");
    }
    let accuracy = right as f64 / total as f64;
    println!("dev set: {right}/{total} = {:.1} %", accuracy * 100.0);
    assert!(
        accuracy >= 0.95,
        "dev-set accuracy {:.1} %",
        accuracy * 100.0
    );
}
