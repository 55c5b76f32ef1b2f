//! A local stand-in for the Hugging Face hub and the Ollama registry, for tests: `/api/models/{repo}` (with
//! `siblings`), `/api/models/{repo}/tree/{rev}` (sizes), files at `/{repo}/resolve/{rev}/{path}` with Range,
//! ETag and If-None-Match, and `/v2/{ns}/{model}/manifests|blobs/…`. Files are real GGUF headers extended to
//! their real size with virtual zero padding (never materialised). It counts the body bytes it sends, can
//! refuse without a token, never answer, or cut answers short, and stops by itself.
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A file the server holds: its first bytes and its full size (the rest reads as zeros).
#[derive(Clone)]
pub struct VFile {
    pub prefix: Arc<Vec<u8>>,
    pub total: u64,
    pub etag: String,
}

impl VFile {
    pub fn new(prefix: Vec<u8>, total: u64, etag: &str) -> Self {
        Self {
            total: total.max(prefix.len() as u64),
            prefix: Arc::new(prefix),
            etag: format!("\"{etag}\""),
        }
    }

    fn bytes(&self, from: u64, to: u64) -> Vec<u8> {
        (from..=to)
            .map(|i| {
                usize::try_from(i)
                    .ok()
                    .and_then(|i| self.prefix.get(i).copied())
                    .unwrap_or(0)
            })
            .collect()
    }
}

/// How the server misbehaves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Normal,
    /// Reads the request, then never answers.
    Silent,
    /// Announces the whole range, sends half, closes.
    Truncate,
}

#[derive(Default)]
pub struct State {
    /// repo → path → file
    pub repos: HashMap<String, Vec<(String, VFile)>>,
    /// repos that answer 401 without `Authorization: Bearer good`
    pub gated: Vec<String>,
    /// `ns/model:tag` → blob digest; digest → file
    pub ollama: HashMap<String, String>,
    pub blobs: HashMap<String, VFile>,
    /// When set, file reads redirect here (a "CDN" on another port) instead of answering.
    pub redirect_files_to: Option<String>,
}

pub struct Server {
    pub url: String,
    pub sent: Arc<AtomicU64>,
    pub requests: Arc<AtomicU64>,
    /// Authorization headers seen (to check a token never reaches another host).
    pub auth_seen: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Server {
    pub fn sent(&self) -> u64 {
        self.sent.load(Ordering::Relaxed)
    }

    /// Starts serving `state`; the server stops when dropped or after `lifetime`.
    pub fn start(state: State, mode: Mode) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let sent = Arc::new(AtomicU64::new(0));
        let requests = Arc::new(AtomicU64::new(0));
        let auth_seen = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let state = Arc::new(state);
        let (s, r, a, st) = (
            Arc::clone(&sent),
            Arc::clone(&requests),
            Arc::clone(&auth_seen),
            Arc::clone(&stop),
        );
        std::thread::spawn(move || {
            let deadline = Instant::now() + Duration::from_secs(120);
            while !st.load(Ordering::Relaxed) && Instant::now() < deadline {
                match listener.accept() {
                    Ok((conn, _)) => {
                        let (state, s, r, a, st) = (
                            Arc::clone(&state),
                            Arc::clone(&s),
                            Arc::clone(&r),
                            Arc::clone(&a),
                            Arc::clone(&st),
                        );
                        std::thread::spawn(move || {
                            let _ = serve(conn, &state, mode, &s, &r, &a, &st);
                        });
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Self {
            url,
            sent,
            requests,
            auth_seen,
            stop,
        }
    }
}

struct Request {
    path: String,
    headers: HashMap<String, String>,
}

fn read_request(conn: &mut TcpStream) -> Option<Request> {
    conn.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        if buf.len() > 64 * 1024 || conn.read(&mut byte).ok()? == 0 {
            return None;
        }
        buf.push(byte[0]);
    }
    let text = String::from_utf8_lossy(&buf);
    let mut lines = text.split("\r\n");
    let line = lines.next()?;
    let mut parts = line.split(' ');
    let _method = parts.next()?;
    let target = parts.next()?.to_owned();
    let path = target.split('?').next().unwrap_or("").to_owned();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Some(Request { path, headers })
}

fn respond(
    conn: &mut TcpStream,
    status: &str,
    headers: &[(&str, String)],
    body: &[u8],
    sent: &AtomicU64,
) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    conn.write_all(head.as_bytes())?;
    conn.write_all(body)?;
    sent.fetch_add(body.len() as u64, Ordering::Relaxed);
    conn.flush()
}

fn json(conn: &mut TcpStream, v: &serde_json::Value, sent: &AtomicU64) -> std::io::Result<()> {
    let body = serde_json::to_vec(v).unwrap_or_default();
    respond(
        conn,
        "200 OK",
        &[("Content-Type", "application/json".into())],
        &body,
        sent,
    )
}

fn not_found(conn: &mut TcpStream, sent: &AtomicU64) -> std::io::Result<()> {
    respond(
        conn,
        "404 Not Found",
        &[],
        b"{\"error\":\"Repository not found\"}",
        sent,
    )
}

#[allow(clippy::too_many_arguments)]
fn serve(
    mut conn: TcpStream,
    state: &State,
    mode: Mode,
    sent: &AtomicU64,
    requests: &AtomicU64,
    auth_seen: &Mutex<Vec<String>>,
    stop: &AtomicBool,
) -> std::io::Result<()> {
    let Some(req) = read_request(&mut conn) else {
        return Ok(());
    };
    requests.fetch_add(1, Ordering::Relaxed);
    let auth = req.headers.get("authorization").cloned();
    if let (Some(a), Ok(mut seen)) = (&auth, auth_seen.lock()) {
        seen.push(a.clone());
    }
    if mode == Mode::Silent {
        let start = Instant::now();
        while !stop.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        return Ok(());
    }
    let path = req.path.clone();
    // Ollama registry.
    if let Some(rest) = path.strip_prefix("/v2/") {
        if let Some((name, tag)) = rest.split_once("/manifests/") {
            let Some(digest) = state.ollama.get(&format!("{name}:{tag}")) else {
                return not_found(&mut conn, sent);
            };
            let size = state.blobs.get(digest).map_or(0, |f| f.total);
            let m = serde_json::json!({
                "schemaVersion": 2,
                "layers": [
                    {"mediaType": "application/vnd.ollama.image.template", "digest": format!("sha256:{}", "1".repeat(64)), "size": 10},
                    {"mediaType": "application/vnd.ollama.image.model", "digest": digest, "size": size},
                ]
            });
            return json(&mut conn, &m, sent);
        }
        if let Some((_, digest)) = rest.split_once("/blobs/") {
            let Some(file) = state.blobs.get(digest) else {
                return not_found(&mut conn, sent);
            };
            return serve_file(&mut conn, file, &req, mode, sent);
        }
        return not_found(&mut conn, sent);
    }
    // Hub API.
    if let Some(rest) = path.strip_prefix("/api/models/") {
        let segs: Vec<&str> = rest.split('/').collect();
        if segs.len() < 2 {
            return not_found(&mut conn, sent);
        }
        let repo = format!("{}/{}", segs[0], segs[1]);
        if state.gated.contains(&repo) && auth.as_deref() != Some("Bearer good") {
            return respond(
                &mut conn,
                "401 Unauthorized",
                &[],
                b"{\"error\":\"gated\"}",
                sent,
            );
        }
        let Some(files) = state.repos.get(&repo) else {
            // The hub hides whether a repository exists: 401 with an error code.
            return respond(
                &mut conn,
                "401 Unauthorized",
                &[("X-Error-Code", "RepoNotFound".into())],
                b"{\"error\":\"Repository not found\"}",
                sent,
            );
        };
        return match segs.get(2) {
            None | Some(&"revision") => json(
                &mut conn,
                &serde_json::json!({
                    "id": repo,
                    "sha": "0123456789abcdef0123456789abcdef01234567",
                    "siblings": files.iter().map(|(p, _)| serde_json::json!({"rfilename": p})).collect::<Vec<_>>(),
                }),
                sent,
            ),
            Some(&"tree") => json(
                &mut conn,
                &serde_json::Value::Array(
                    files
                        .iter()
                        .map(|(p, f)| {
                            serde_json::json!({"type": "file", "path": p, "size": f.total, "lfs": {"size": f.total}})
                        })
                        .collect(),
                ),
                sent,
            ),
            _ => not_found(&mut conn, sent),
        };
    }
    // A "CDN" answering redirected file reads: /cdn/{repo}/{path}.
    let (repo_path, via_cdn) = match path.strip_prefix("/cdn/") {
        Some(r) => (r.to_owned(), true),
        None => (path.trim_start_matches('/').to_owned(), false),
    };
    let segs: Vec<&str> = repo_path.splitn(5, '/').collect();
    let (repo, file_path) = match segs.as_slice() {
        [o, r, "resolve", _rev, p] => (format!("{o}/{r}"), (*p).to_owned()),
        _ => return not_found(&mut conn, sent),
    };
    if state.gated.contains(&repo) && !via_cdn && auth.as_deref() != Some("Bearer good") {
        return respond(&mut conn, "401 Unauthorized", &[], b"", sent);
    }
    let Some(file) = state
        .repos
        .get(&repo)
        .and_then(|fs| fs.iter().find(|(p, _)| *p == file_path))
        .map(|(_, f)| f)
    else {
        return not_found(&mut conn, sent);
    };
    if let (Some(cdn), false) = (&state.redirect_files_to, via_cdn) {
        return respond(
            &mut conn,
            "302 Found",
            &[("Location", format!("{cdn}/cdn/{repo_path}"))],
            b"",
            sent,
        );
    }
    serve_file(&mut conn, file, &req, mode, sent)
}

fn serve_file(
    conn: &mut TcpStream,
    file: &VFile,
    req: &Request,
    mode: Mode,
    sent: &AtomicU64,
) -> std::io::Result<()> {
    if req.headers.get("if-none-match") == Some(&file.etag) {
        return respond(
            conn,
            "304 Not Modified",
            &[("ETag", file.etag.clone())],
            b"",
            sent,
        );
    }
    let Some(range) = req
        .headers
        .get("range")
        .and_then(|r| r.strip_prefix("bytes="))
    else {
        // The tests never want a whole file: refuse instead of streaming gigabytes of zeros.
        return respond(conn, "500 Internal Server Error", &[], b"no range", sent);
    };
    let (a, b) = range.split_once('-').unwrap_or(("0", ""));
    let from: u64 = a.parse().unwrap_or(0);
    let to: u64 = b
        .parse()
        .unwrap_or(u64::MAX)
        .min(file.total.saturating_sub(1));
    if from > to || to - from > 64 * 1024 * 1024 {
        return respond(conn, "416 Range Not Satisfiable", &[], b"", sent);
    }
    let body = file.bytes(from, to);
    let headers = [
        ("Content-Range", format!("bytes {from}-{to}/{}", file.total)),
        ("ETag", file.etag.clone()),
        ("Accept-Ranges", "bytes".into()),
    ];
    if mode == Mode::Truncate {
        let head = format!(
            "HTTP/1.1 206 Partial Content\r\nContent-Length: {}\r\nContent-Range: {}\r\nETag: {}\r\nConnection: close\r\n\r\n",
            body.len(),
            headers[0].1,
            file.etag
        );
        conn.write_all(head.as_bytes())?;
        let half = &body[..body.len() / 2];
        conn.write_all(half)?;
        sent.fetch_add(half.len() as u64, Ordering::Relaxed);
        return conn.flush();
    }
    respond(conn, "206 Partial Content", &headers, &body, sent)
}
