//! The monitor's CSV recording (`vram-doctor monitor --csv`, "Record" in the GUI) and its replay as a
//! `Source`. One row per GPU per sample (one row with empty GPU fields when there is none); GPU processes are
//! `pid:name:bytes` joined by `;`. Names are sanitised so no field ever needs quoting.

use std::io::{BufRead, Write};

use super::{GpuProcess, GpuSample, HostSample, InferenceProcess, Sample, Source};

pub const HEADER: &str = "time,gpu_index,gpu_name,gpu_vendor,vram_total_bytes,vram_used_bytes,vram_reserved_bytes,gpu_util_percent,gpu_processes,ram_total_bytes,ram_available_bytes,swap_total_bytes,swap_used_bytes,major_faults_per_sec,swap_in_per_sec,swap_out_per_sec,psi_some_avg10,psi_full_avg10,oom_kills,inference_pid,inference_name,inference_cpu_percent,inference_ram_bytes,commit_bytes,commit_limit_bytes,pagefile_total_bytes,pagefile_used_bytes,gpu_shared_bytes,wsl_memory_limit_bytes,cpu_percent,cpu_max_core_percent,gpu_shared_used_bytes";
const COLUMNS: usize = 32;
/// The first format (before the Windows and WSL2 columns); still read.
const HEADER_V1_COLUMNS: usize = 23;
/// A recording longer than this many rows is cut (a week at 1 Hz with two GPUs).
const MAX_ROWS: usize = 2_000_000;

fn clean(s: &str) -> String {
    s.chars()
        .map(|c| {
            if matches!(c, ',' | ';' | ':' | '\n' | '\r') {
                '_'
            } else {
                c
            }
        })
        .collect()
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// Writes one sample's rows.
pub fn write_sample(out: &mut dyn Write, s: &Sample) -> std::io::Result<()> {
    let h = &s.host;
    let host = format!(
        "{},{},{},{},{},{},{},{},{},{}",
        h.ram_total_bytes,
        h.ram_available_bytes,
        h.swap_total_bytes,
        h.swap_used_bytes,
        opt(h.major_faults_per_sec),
        opt(h.swap_in_per_sec),
        opt(h.swap_out_per_sec),
        opt(h.memory_pressure_percent),
        opt(h.memory_pressure_full_percent),
        opt(h.oom_kills)
    );
    let inf = match &s.inference {
        Some(p) => format!(
            "{},{},{},{}",
            p.pid,
            clean(&p.name),
            p.cpu_percent,
            p.ram_bytes
        ),
        None => ",,,".into(),
    };
    let inf = format!(
        "{inf},{},{},{},{},{},{},{},{}",
        opt(h.commit_bytes),
        opt(h.commit_limit_bytes),
        opt(h.pagefile_total_bytes),
        opt(h.pagefile_used_bytes),
        opt(h.gpu_shared_bytes),
        opt(h.wsl_memory_limit_bytes),
        opt(h.cpu_percent.map(|c| (c * 10.0).round() / 10.0)),
        opt(h.cpu_max_core_percent.map(|c| (c * 10.0).round() / 10.0))
    );
    if s.gpus.is_empty() {
        return writeln!(out, "{},,,,,,,,,{host},{inf},", s.time);
    }
    for g in &s.gpus {
        let procs: Vec<String> = g
            .processes
            .iter()
            .map(|p| format!("{}:{}:{}", p.pid, clean(&p.name), p.used_bytes))
            .collect();
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{host},{inf},{}",
            s.time,
            g.index,
            clean(&g.name),
            clean(&g.vendor),
            g.memory_total_bytes,
            g.memory_used_bytes,
            g.memory_reserved_bytes,
            opt(g.utilization_percent),
            procs.join(";"),
            opt(g.shared_used_bytes)
        )?;
    }
    Ok(())
}

#[derive(Debug, thiserror::Error)]
#[error("{path}: {what}")]
pub struct ReplayError {
    pub path: String,
    pub what: String,
}

/// Reads a recording into samples (rows with the same time form one sample). Malformed rows are skipped and
/// counted; a file that is not a recording is an error naming it.
pub fn read(reader: impl BufRead, path: &str) -> Result<(Vec<Sample>, usize), ReplayError> {
    let err = |what: String| ReplayError {
        path: path.to_owned(),
        what,
    };
    let mut lines = reader.lines();
    let header = lines
        .next()
        .ok_or_else(|| err("empty file".into()))?
        .map_err(|e| err(e.to_string()))?;
    let header = header.trim();
    let columns = if header == HEADER {
        COLUMNS
    } else if HEADER.starts_with(header) && header.split(',').count() == HEADER_V1_COLUMNS {
        HEADER_V1_COLUMNS
    } else {
        return Err(err(
            "not a VRAM Doctor monitor recording (unexpected header)".into(),
        ));
    };
    let mut samples: Vec<Sample> = Vec::new();
    let mut skipped = 0usize;
    for (n, line) in lines.enumerate() {
        if n >= MAX_ROWS {
            break;
        }
        let Ok(line) = line else {
            skipped += 1;
            continue;
        };
        match parse_row(&line, columns) {
            Some((time, gpu, host, inference)) => {
                let same = samples.last().is_some_and(|s| s.time == time);
                if !same {
                    samples.push(Sample {
                        time,
                        gpus: Vec::new(),
                        gpu_problem: None,
                        host,
                        inference,
                        processes: Vec::new(),
                    });
                }
                if let (Some(g), Some(s)) = (gpu, samples.last_mut()) {
                    s.gpus.push(g);
                }
            }
            None => skipped += 1,
        }
    }
    for s in &mut samples {
        if s.gpus.is_empty() {
            s.gpu_problem = Some("no GPU in this recording".into());
        }
    }
    Ok((samples, skipped))
}

type Row = (f64, Option<GpuSample>, HostSample, Option<InferenceProcess>);

fn parse_row(line: &str, columns: usize) -> Option<Row> {
    let f: Vec<&str> = line.split(',').collect();
    if f.len() != columns {
        return None;
    }
    let num = |i: usize| f.get(i)?.parse::<u64>().ok();
    let flt = |i: usize| f.get(i)?.parse::<f64>().ok().filter(|v| v.is_finite());
    let time = flt(0)?;
    let gpu = if f[1].is_empty() {
        None
    } else {
        Some(GpuSample {
            index: f[1].parse().ok()?,
            name: f[2].to_owned(),
            vendor: f[3].to_owned(),
            memory_total_bytes: num(4)?,
            memory_used_bytes: num(5)?,
            memory_reserved_bytes: num(6).unwrap_or(0),
            utilization_percent: f[7].parse().ok(),
            shared_used_bytes: num(31),
            extras: None,
            processes: f[8]
                .split(';')
                .filter(|p| !p.is_empty())
                .filter_map(|p| {
                    let mut it = p.splitn(3, ':');
                    Some(GpuProcess {
                        pid: it.next()?.parse().ok()?,
                        name: it.next()?.to_owned(),
                        used_bytes: it.next()?.parse().ok()?,
                    })
                })
                .collect(),
        })
    };
    let host = HostSample {
        ram_total_bytes: num(9)?,
        ram_available_bytes: num(10)?,
        swap_total_bytes: num(11).unwrap_or(0),
        swap_used_bytes: num(12).unwrap_or(0),
        major_faults_per_sec: flt(13),
        swap_in_per_sec: flt(14),
        swap_out_per_sec: flt(15),
        memory_pressure_percent: flt(16),
        memory_pressure_full_percent: flt(17),
        oom_kills: num(18),
        commit_bytes: num(23),
        commit_limit_bytes: num(24),
        pagefile_total_bytes: num(25),
        pagefile_used_bytes: num(26),
        gpu_shared_bytes: num(27),
        wsl_memory_limit_bytes: num(28),
        cpu_percent: flt(29).map(|c| c.clamp(0.0, 100.0)),
        cpu_max_core_percent: flt(30).map(|c| c.clamp(0.0, 100.0)),
        cpu_cores_percent: Vec::new(),
        wsl_note: None,
    };
    let inference = f[19].parse().ok().map(|pid| InferenceProcess {
        pid,
        name: f[20].to_owned(),
        cpu_percent: flt(21).unwrap_or(0.0),
        ram_bytes: num(22).unwrap_or(0),
    });
    Some((time, gpu, host, inference))
}

/// A recording played back as a `Source`.
pub struct ReplaySource {
    samples: std::vec::IntoIter<Sample>,
}

impl ReplaySource {
    pub fn new(samples: Vec<Sample>) -> Self {
        Self {
            samples: samples.into_iter(),
        }
    }

    pub fn open(path: &std::path::Path) -> Result<Self, ReplayError> {
        let file = std::fs::File::open(path).map_err(|e| ReplayError {
            path: path.display().to_string(),
            what: e.to_string(),
        })?;
        let (samples, _) = read(std::io::BufReader::new(file), &path.display().to_string())?;
        Ok(Self::new(samples))
    }
}

impl Source for ReplaySource {
    fn sample(&mut self) -> Option<Sample> {
        self.samples.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_hostile_names() {
        let s = Sample {
            time: 100.5,
            gpus: vec![GpuSample {
                index: 0,
                name: "RTX, 4090".into(),
                vendor: "nvidia".into(),
                memory_total_bytes: 24 << 30,
                memory_used_bytes: 20 << 30,
                memory_reserved_bytes: 1 << 28,
                utilization_percent: Some(3),
                shared_used_bytes: Some(7 << 20),
                extras: None,
                processes: vec![GpuProcess {
                    pid: 42,
                    name: "py:th;on".into(),
                    used_bytes: 5 << 30,
                }],
            }],
            gpu_problem: None,
            host: HostSample {
                ram_total_bytes: 64 << 30,
                ram_available_bytes: 1 << 30,
                major_faults_per_sec: Some(120.0),
                commit_bytes: Some(40 << 30),
                commit_limit_bytes: Some(48 << 30),
                pagefile_total_bytes: Some(16 << 30),
                pagefile_used_bytes: Some(3 << 30),
                gpu_shared_bytes: Some(1 << 30),
                cpu_percent: Some(12.5),
                cpu_max_core_percent: Some(100.0),
                cpu_cores_percent: vec![100.0, 0.0],
                ..HostSample::default()
            },
            inference: Some(InferenceProcess {
                pid: 7,
                name: "llama-server".into(),
                cpu_percent: 99.5,
                ram_bytes: 3 << 30,
            }),
            processes: Vec::new(),
        };
        let mut buf = format!("{HEADER}\n").into_bytes();
        write_sample(&mut buf, &s).expect("write");
        buf.extend_from_slice(b"garbage,row\n");
        let (back, skipped) = read(&buf[..], "mem").expect("read");
        assert_eq!(skipped, 1);
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].gpus[0].name, "RTX_ 4090");
        assert_eq!(back[0].gpus[0].shared_used_bytes, Some(7 << 20));
        assert_eq!(back[0].gpus[0].processes[0].name, "py_th_on");
        assert_eq!(back[0].host.major_faults_per_sec, Some(120.0));
        assert_eq!(
            back[0].inference.as_ref().map(|p| p.cpu_percent),
            Some(99.5)
        );
        assert_eq!(back[0].host.commit_limit_bytes, Some(48 << 30));
        assert_eq!(back[0].host.pagefile_used_bytes, Some(3 << 30));
        assert_eq!(back[0].host.gpu_shared_bytes, Some(1 << 30));
        assert_eq!(back[0].host.wsl_memory_limit_bytes, None);
        assert_eq!(back[0].host.cpu_percent, Some(12.5));
        assert_eq!(back[0].host.cpu_max_core_percent, Some(100.0));
        assert!(read(&b"not,a,recording\n"[..], "x.csv").is_err());
    }

    #[test]
    fn first_format_recordings_still_read() {
        let v1: Vec<&str> = HEADER.split(',').take(HEADER_V1_COLUMNS).collect();
        let text = format!(
            "{}\n10,0,GPU,nvidia,100,50,0,7,,1000,500,0,0,1.5,,,,,,,,,\n",
            v1.join(",")
        );
        let (back, skipped) = read(text.as_bytes(), "old.csv").expect("read");
        assert_eq!((back.len(), skipped), (1, 0));
        assert_eq!(back[0].gpus[0].memory_used_bytes, 50);
        assert_eq!(back[0].host.commit_bytes, None);
        // A header cut anywhere else is not a recording.
        let cut: Vec<&str> = HEADER.split(',').take(20).collect();
        assert!(read(format!("{}\n", cut.join(",")).as_bytes(), "cut.csv").is_err());
    }
}
