//! The Fix Wizard's search: whole setups — quant × KV cache type × context × GPU layers × MoE expert offload —
//! each priced by the fit engine on every GPU, in host RAM and in tok/s, then ranked by one stated policy.
//! Users combine settings ("Q4_K_M, q8_0 KV, 24k, all layers on the GPU"); moving one at a time gives the
//! worst trade first, so the plan moves them together.
//!
//! Policy (said to the user in [`SearchResult::policy`]): keep the asked context when any setup of Q4-class
//! quality or better can; prefer quality before speed while generation stays above a floor (5 tok/s, and
//! above what the user saw); otherwise show the trade. Use grows monotonically with context, GPU layers and
//! bits per weight (llama.cpp's allocations do), so each axis is a binary search, not a scan.

use serde::{Deserialize, Serialize};

use super::price::{Priced, Pricer};
use super::quality::{self, Quality};
use super::setup::Setup;

/// Contexts the search steps through (llama.cpp pads to 256; these are what people type).
const CTX_LADDER: [u32; 16] = [
    2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152, 65536, 98304, 131072, 196608,
    262144, 524288,
];

/// Quants the search considers besides the file's own: the common llama.cpp downloads, best first.
const SEARCH_QUANTS: [&str; 11] = [
    "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_L", "Q3_K_M", "IQ3_M", "Q2_K", "IQ2_M",
    "IQ2_XS",
];

/// Which point of the trade-off a setup is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    Recommended,
    BestQuality,
    Fastest,
    LongestContext,
    KeepFile,
}

impl Goal {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Recommended => "recommended",
            Self::BestQuality => "best_quality",
            Self::Fastest => "fastest",
            Self::LongestContext => "longest_context",
            Self::KeepFile => "keep_file",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Recommended => "Recommended",
            Self::BestQuality => "Best quality",
            Self::Fastest => "Fastest",
            Self::LongestContext => "Longest context",
            Self::KeepFile => "Keep your file",
        }
    }
}

/// What the search needs besides the pricer.
#[derive(Debug, Clone)]
pub struct SearchInput {
    /// The context the user asks for.
    pub asked_ctx: u32,
    /// Never offer less.
    pub min_ctx: u32,
    /// Generation speed below this is "too slow" (tok/s).
    pub min_tps: f64,
    /// RAM the OS leaves for the host part; 0 = unknown (not judged).
    pub host_limit_bytes: u64,
    /// Quants that exist for this model (a preset's or a repo's list); empty = the common llama.cpp quants.
    pub quants: Vec<String>,
    /// The settings the user runs with (batch, parallel, flash attention, the current KV types).
    pub current: Setup,
    /// `false` when only the file the user has can be used (no other downloads exist for it).
    pub other_quants: bool,
    /// The runtime can keep MoE experts of some layers in RAM (llama.cpp's `--n-cpu-moe`).
    pub moe_offload: bool,
}

/// One setup the search kept.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub setup: Setup,
    pub priced: Priced,
    pub quality: Quality,
    /// The host part fits the RAM the OS leaves.
    pub host_ok: bool,
    /// Uses the file the user already has.
    pub keep_file: bool,
}

impl Candidate {
    pub fn tps(&self) -> Option<f64> {
        self.priced.tokens_per_second.map(|t| t.0)
    }

    pub fn all_on_gpu(&self) -> bool {
        self.priced.report.layers_offloaded >= self.priced.report.layers_total
            && self.setup.n_cpu_moe == 0
    }

    fn fast_enough(&self, floor: f64) -> bool {
        self.tps().is_none_or(|t| t >= floor)
    }
}

/// A candidate chosen for a goal, with the reason in words.
#[derive(Debug, Clone)]
pub struct Choice {
    pub goal: Goal,
    pub candidate: Candidate,
    pub why: String,
}

#[derive(Debug, Clone, Default)]
pub struct SearchResult {
    pub recommendation: Option<Choice>,
    pub alternatives: Vec<Choice>,
    /// The policy in one sentence, with the numbers it used.
    pub policy: String,
    /// Setups priced (for the bench and the "considered N setups" line).
    pub priced: usize,
    /// Setups that fit the GPUs but need more RAM than the OS leaves (swap / page file — slow).
    pub host_short: Vec<Candidate>,
    /// The user's own setup fits (it is never among the choices).
    pub current_fits: bool,
}

/// Largest index in `0..n` for which `ok` holds, assuming true-then-false; `None` when `ok(0)` fails.
fn last_true(n: usize, mut ok: impl FnMut(usize) -> bool) -> Option<usize> {
    if n == 0 || !ok(0) {
        return None;
    }
    let (mut good, mut bad) = (0, n);
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if ok(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Some(good)
}

/// Smallest value in `lo..=hi` for which `ok` holds, assuming false-then-true.
fn first_true(lo: u32, hi: u32, mut ok: impl FnMut(u32) -> bool) -> Option<u32> {
    if lo > hi || !ok(hi) {
        return None;
    }
    let (mut bad, mut good) = (lo, hi);
    if ok(lo) {
        return Some(lo);
    }
    while good - bad > 1 {
        let mid = bad + (good - bad) / 2;
        if ok(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Some(good)
}

struct Searcher<'p, 'a> {
    pricer: &'p Pricer<'a>,
    input: &'p SearchInput,
    count: usize,
}

impl Searcher<'_, '_> {
    fn gpu_fits(&mut self, s: &Setup) -> bool {
        self.count += 1;
        self.pricer
            .report(s)
            .is_some_and(|r| fit::search::fits_with_margin(&r))
    }

    fn keep(&mut self, setup: Setup) -> Option<Candidate> {
        self.count += 1;
        let priced = self.pricer.price(&setup)?;
        if !priced.gpu_fits() {
            return None;
        }
        let limit = self.input.host_limit_bytes;
        let host_ok = limit == 0 || priced.host_bytes <= limit;
        let quality = quality::quality(
            setup.quant.as_deref(),
            &setup.cache_type_k,
            &setup.cache_type_v,
        );
        Some(Candidate {
            keep_file: self.pricer.is_own_quant(setup.quant.as_deref()),
            setup,
            priced,
            quality,
            host_ok,
        })
    }
}

use crate::fit;

/// The quants to try: the file's own first, then those that exist for the model and are not better than it
/// (a bigger download than the file the user chose is not a fix).
fn quant_candidates(pricer: &Pricer, input: &SearchInput) -> Vec<Option<String>> {
    let own = pricer.spec().file_type.clone();
    let own_bpw = own
        .as_deref()
        .and_then(quality::quant)
        .map_or(f64::INFINITY, |q| q.bpw);
    let mut out = vec![own.clone()];
    if !input.other_quants {
        return out;
    }
    let listed: Vec<String> = if input.quants.is_empty() {
        SEARCH_QUANTS.iter().map(|q| (*q).to_owned()).collect()
    } else {
        input.quants.clone()
    };
    for q in listed {
        let Some(known) = quality::quant(&q) else {
            continue;
        };
        if known.bpw >= own_bpw || pricer.is_own_quant(Some(&q)) {
            continue;
        }
        if !out.iter().flatten().any(|o| o.eq_ignore_ascii_case(&q)) && pricer.has_quant(Some(&q)) {
            out.push(Some(known.name.to_owned()));
        }
    }
    // Best first, so ties in ranking keep the better file.
    out[1..].sort_by(|a, b| {
        let bpw = |q: &Option<String>| q.as_deref().and_then(quality::quant).map_or(0.0, |q| q.bpw);
        bpw(b).total_cmp(&bpw(a))
    });
    out
}

/// KV cache types to try: f16 and q8_0 always, the current pair, q4_0 (only chosen when nothing else keeps
/// the asked context — its cost is stated).
fn kv_candidates(current: &Setup) -> Vec<(String, String)> {
    let mut out = vec![
        ("f16".to_owned(), "f16".to_owned()),
        ("q8_0".to_owned(), "q8_0".to_owned()),
        ("q4_0".to_owned(), "q4_0".to_owned()),
    ];
    let cur = (
        current.cache_type_k.to_ascii_lowercase(),
        current.cache_type_v.to_ascii_lowercase(),
    );
    if !out.contains(&cur) {
        out.insert(0, cur);
    }
    out
}

/// Searches whole setups and picks the recommendation and the alternatives.
pub fn search(pricer: &Pricer, input: &SearchInput) -> SearchResult {
    let spec = pricer.spec();
    let n_layer = spec.hparams.n_layer;
    let n_all = n_layer + 1;
    let moe = spec.is_moe();
    let train = if spec.hparams.n_ctx_train > 0 {
        spec.hparams.n_ctx_train
    } else {
        u32::MAX
    };
    let asked = input.asked_ctx.max(256);
    let floor = input.min_ctx.min(asked);
    // Contexts from the floor up to the trained context, with the asked one in it.
    let mut ladder: Vec<u32> = CTX_LADDER
        .iter()
        .copied()
        .filter(|c| *c >= floor && *c <= train)
        .collect();
    if !ladder.contains(&asked) {
        ladder.push(asked);
    }
    ladder.sort_unstable();
    ladder.dedup();
    let asked_at = ladder.iter().position(|c| *c == asked).unwrap_or(0);

    let mut s = Searcher {
        pricer,
        input,
        count: 0,
    };
    let mut all: Vec<Candidate> = Vec::new();
    for quant in quant_candidates(pricer, input) {
        for (k, v) in kv_candidates(&input.current) {
            let base = Setup {
                quant: quant.clone(),
                cache_type_k: k.clone(),
                cache_type_v: v.clone(),
                // Quantized V needs flash attention in llama.cpp; on the GPU backends it is the default.
                flash_attn: input.current.flash_attn || k != "f16" || v != "f16",
                n_gpu_layers: None,
                n_cpu_moe: 0,
                ..input.current.clone()
            };
            let at = |c: u32| Setup {
                n_ctx: c,
                ..base.clone()
            };
            // Everything on the GPU: the longest context in the ladder that fits.
            let longest = last_true(ladder.len(), |i| s.gpu_fits(&at(ladder[i])));
            if let Some(i) = longest {
                // The longest, and the asked context when it is shorter (two points of the trade).
                if let Some(c) = s.keep(at(ladder[i])) {
                    all.push(c);
                }
                if i > asked_at
                    && let Some(c) = s.keep(at(asked))
                {
                    all.push(c);
                }
                if i >= asked_at {
                    continue;
                }
            }
            // Not everything fits at the asked context: MoE experts to the CPU, else fewer GPU layers.
            let asked_setup = at(asked);
            if moe && input.moe_offload {
                let with_moe = |n: u32| Setup {
                    n_cpu_moe: n,
                    ..asked_setup.clone()
                };
                if let Some(n) = first_true(1, n_layer, |n| s.gpu_fits(&with_moe(n)))
                    && let Some(c) = s.keep(with_moe(n))
                {
                    all.push(c);
                }
            }
            let with_ngl = |n: u32| Setup {
                n_gpu_layers: Some(n),
                ..asked_setup.clone()
            };
            if let Some(i) = last_true(n_all as usize, |n| s.gpu_fits(&with_ngl(n as u32)))
                && let Some(c) = s.keep(with_ngl(i as u32))
            {
                all.push(c);
            }
        }
    }
    let priced = s.count;
    // What the user already runs is no recommendation: rank the setups that change something.
    let is_current = |c: &Candidate| {
        let (a, b) = (&c.setup, &input.current);
        c.keep_file
            && a.n_ctx == b.n_ctx
            && a.n_gpu_layers == b.n_gpu_layers
            && a.n_cpu_moe == b.n_cpu_moe
            && a.cache_type_k.eq_ignore_ascii_case(&b.cache_type_k)
            && a.cache_type_v.eq_ignore_ascii_case(&b.cache_type_v)
    };
    let current_fits = all.iter().any(|c| is_current(c) && c.host_ok);
    all.retain(|c| !is_current(c));
    let mut out = rank(all, input, asked, priced);
    out.current_fits = current_fits;
    out
}

fn better_quality(a: &Candidate, b: &Candidate) -> std::cmp::Ordering {
    a.quality
        .cost()
        .total_cmp(&b.quality.cost())
        .then_with(|| b.tps().unwrap_or(0.0).total_cmp(&a.tps().unwrap_or(0.0)))
}

fn faster(a: &Candidate, b: &Candidate) -> std::cmp::Ordering {
    b.tps()
        .unwrap_or(0.0)
        .total_cmp(&a.tps().unwrap_or(0.0))
        .then_with(|| a.quality.cost().total_cmp(&b.quality.cost()))
}

fn longer(a: &Candidate, b: &Candidate) -> std::cmp::Ordering {
    b.setup
        .n_ctx
        .cmp(&a.setup.n_ctx)
        .then_with(|| better_quality(a, b))
}

fn placement_words(c: &Candidate) -> String {
    let r = &c.priced.report;
    if c.setup.n_cpu_moe > 0 {
        format!(
            "every layer on the GPU, the experts of {} layers in system RAM (--n-cpu-moe {})",
            c.setup.n_cpu_moe, c.setup.n_cpu_moe
        )
    } else if r.layers_offloaded >= r.layers_total {
        "every layer on the GPU".to_owned()
    } else {
        format!(
            "{}/{} layers on the GPU, the rest in system RAM",
            r.layers_offloaded, r.layers_total
        )
    }
}

/// A short name of a setup: "Q4_K_M · q8_0 KV · 32768 ctx · every layer on the GPU".
pub fn describe(c: &Candidate) -> String {
    let kv = if c.setup.cache_type_k == c.setup.cache_type_v {
        format!("{} KV", c.setup.cache_type_k)
    } else {
        format!("{}/{} KV", c.setup.cache_type_k, c.setup.cache_type_v)
    };
    format!(
        "{} · {kv} · {} ctx · {}",
        c.setup.quant.as_deref().unwrap_or("your file"),
        c.setup.n_ctx,
        placement_words(c)
    )
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn speed_words(c: &Candidate) -> String {
    match c.priced.tokens_per_second {
        Some((g, _)) => format!(
            "~{g:.1} tok/s at {} tokens of context",
            c.priced.speed_at_ctx
        ),
        None => "speed unknown (no bandwidth figure for this GPU)".to_owned(),
    }
}

fn rank(all: Vec<Candidate>, input: &SearchInput, asked: u32, priced: usize) -> SearchResult {
    let floor = input.min_tps;
    let (mut ok, host_short): (Vec<Candidate>, Vec<Candidate>) =
        all.into_iter().partition(|c| c.host_ok);
    // A q4_0 KV cache costs reasoning quality: offered only when nothing else keeps the asked context.
    let q4_kv = |c: &Candidate| {
        c.setup.cache_type_k.eq_ignore_ascii_case("q4_0")
            || c.setup.cache_type_v.eq_ignore_ascii_case("q4_0")
    };
    if ok.iter().any(|c| c.setup.n_ctx >= asked && !q4_kv(c)) {
        ok.retain(|c| !q4_kv(c));
    }
    let policy = format!(
        "Keep {asked} tokens of context if any setup of Q4-class quality (IQ4_XS) or better can; prefer quality before speed while generation stays above {floor:.0} tok/s; otherwise show the trade."
    );
    let pick = |f: &dyn Fn(&Candidate) -> bool,
                order: fn(&Candidate, &Candidate) -> std::cmp::Ordering| {
        ok.iter()
            .filter(|c| f(c))
            .min_by(|a, b| order(a, b))
            .cloned()
    };
    let at_asked = |c: &Candidate| c.setup.n_ctx >= asked;
    // Every layer on the GPU (MoE experts may sit in RAM) is the first tier: a spilled dense layer costs
    // far more speed than any quality step between Q4-class quants.
    let on_gpu = |c: &Candidate| c.setup.n_gpu_layers.is_none();
    let q4 = |c: &Candidate| c.quality.q4_class();
    let fast = |c: &Candidate| c.fast_enough(floor);
    type Tier<'t> = (
        &'t dyn Fn(&Candidate) -> bool,
        fn(&Candidate, &Candidate) -> std::cmp::Ordering,
        String,
    );
    // The policy as tiers, first match wins: the asked context at Q4-class on the GPU; then the asked
    // context at Q4-class with layers in RAM; then Q4-class on the GPU with less context; then the asked
    // context traded for quality, on the GPU first; then whatever runs fast enough; then the fastest.
    let tiers: [Tier; 7] = [
        (
            &|c| at_asked(c) && on_gpu(c) && q4(c) && fast(c),
            better_quality,
            format!(
                "It keeps all {asked} tokens of context with every layer on the GPU, at Q4-class quality or better."
            ),
        ),
        (
            &|c| at_asked(c) && q4(c) && fast(c),
            better_quality,
            format!(
                "It keeps all {asked} tokens at Q4-class quality or better and still runs above {floor:.0} tok/s; no Q4-class setup holds every layer on the GPU at this context."
            ),
        ),
        (
            &|c| on_gpu(c) && q4(c) && fast(c),
            longer,
            format!(
                "No Q4-class setup keeps {asked} tokens fast enough, so this one shortens the context to keep the quality and every layer on the GPU."
            ),
        ),
        (
            &|c| at_asked(c) && on_gpu(c) && fast(c),
            better_quality,
            format!(
                "No Q4-class setup runs above {floor:.0} tok/s on this machine, so this one trades quality for speed: every layer on the GPU at the asked context."
            ),
        ),
        (
            &|c| at_asked(c) && fast(c),
            better_quality,
            format!(
                "No Q4-class setup runs above {floor:.0} tok/s on this machine, so this one trades quality for a usable speed."
            ),
        ),
        (
            &|c| fast(c),
            longer,
            "The best trade of context and quality that still runs fast enough.".to_owned(),
        ),
        (
            &|_| true,
            faster,
            format!(
                "Nothing here runs above {floor:.0} tok/s; this is the fastest setup that fits."
            ),
        ),
    ];
    let recommended = tiers
        .iter()
        .find_map(|(f, order, why)| pick(*f, *order).map(|c| (c, why.clone())));
    let mut out = SearchResult {
        policy,
        priced,
        host_short,
        ..SearchResult::default()
    };
    let Some((rec, reason)) = recommended else {
        return out;
    };
    let choice = |goal: Goal, c: Candidate, why: String| Choice {
        goal,
        why: format!("{why} {}; {}.", capital(&speed_words(&c)), c.quality.words),
        candidate: c,
    };
    let goals: [(Goal, Option<Candidate>, &str); 4] = [
        (
            Goal::BestQuality,
            pick(&|c| at_asked(c), better_quality).or_else(|| pick(&|_| true, better_quality)),
            "The best quality that fits.",
        ),
        (
            Goal::Fastest,
            pick(&|c| at_asked(c), faster),
            "The fastest at the asked context.",
        ),
        (
            Goal::LongestContext,
            pick(&|c| c.quality.q4_class() && c.fast_enough(floor), longer)
                .or_else(|| pick(&|_| true, longer)),
            "The longest context at Q4-class quality that runs fast enough.",
        ),
        (
            Goal::KeepFile,
            pick(&|c| c.keep_file && c.fast_enough(floor), longer)
                .or_else(|| pick(&|c| c.keep_file, longer)),
            "No new download: the file you have, set up to fit.",
        ),
    ];
    let same = |a: &Candidate, b: &Candidate| a.setup == b.setup;
    for (goal, cand, words) in goals {
        let Some(c) = cand else { continue };
        if same(&c, &rec) || out.alternatives.iter().any(|x| same(&x.candidate, &c)) {
            continue;
        }
        out.alternatives.push(choice(goal, c, words.to_owned()));
    }
    out.recommendation = Some(choice(Goal::Recommended, rec, reason));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_searches_find_the_edges() {
        assert_eq!(last_true(10, |i| i <= 6), Some(6));
        assert_eq!(last_true(10, |_| true), Some(9));
        assert_eq!(last_true(10, |_| false), None);
        assert_eq!(first_true(1, 40, |n| n >= 17), Some(17));
        assert_eq!(first_true(1, 40, |_| true), Some(1));
        assert_eq!(first_true(1, 40, |_| false), None);
    }
}
