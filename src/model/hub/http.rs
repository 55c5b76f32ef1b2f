//! The HTTP side of the hub reader: one `ureq` agent (rustls, proxies from the environment, bounded
//! timeouts, redirects that drop the token when they leave the host), JSON and Range requests, one retry on
//! transient failures, a byte counter and a cancel flag. Every answer is treated as hostile: bodies are read
//! with a limit, a short body is an error, a server that ignores Range is refused rather than downloaded.

use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use super::{HubConfig, HubError};

/// What a Range request returned.
#[derive(Debug)]
pub struct RangeReply {
    pub bytes: Vec<u8>,
    /// The whole file's size (from `Content-Range`).
    pub total: u64,
    pub etag: Option<String>,
}

/// Outcome of a conditional request (`If-None-Match`).
#[derive(Debug)]
pub enum Validation {
    /// 304: the cached copy is current.
    Unchanged,
    /// The file changed (new ETag, or none).
    Changed,
    /// The server could not be reached: the caller may use its cache.
    Offline(String),
}

pub struct Http {
    agent: ureq::Agent,
    token: Option<String>,
    /// The token goes to this origin only (the hub endpoint), never to the Ollama registry or elsewhere.
    token_origin: String,
    /// Body bytes received (for progress and the tests' budget).
    pub received: Arc<AtomicU64>,
    pub cancel: Arc<AtomicBool>,
    response_timeout: Duration,
}

impl Http {
    pub fn new(cfg: &HubConfig) -> Self {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(cfg.connect_timeout))
            .timeout_recv_response(Some(cfg.response_timeout))
            .timeout_recv_body(Some(cfg.body_timeout))
            .max_redirects(8)
            // The hub sends file reads to a CDN with signed URLs: the token never follows a redirect (ureq's
            // "same host" ignores the port, which is another origin).
            .redirect_auth_headers(ureq::config::RedirectAuthHeaders::Never)
            .proxy(ureq::Proxy::try_from_env())
            .user_agent(concat!("vram-doctor/", env!("CARGO_PKG_VERSION")))
            .build();
        Self {
            agent: ureq::Agent::new_with_config(config),
            token: cfg.token.clone().filter(|t| !t.trim().is_empty()),
            token_origin: cfg.endpoint.trim_end_matches('/').to_owned(),
            received: Arc::new(AtomicU64::new(0)),
            cancel: Arc::new(AtomicBool::new(false)),
            response_timeout: cfg.response_timeout,
        }
    }

    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    fn check_cancel(&self) -> Result<(), HubError> {
        if self.cancel.load(Ordering::Relaxed) {
            Err(HubError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// One GET with headers; retried once after a short pause on transient failures (connection reset,
    /// 429, 5xx). Timeouts are not retried: a server that does not answer would double the wait.
    fn get(
        &self,
        url: &str,
        headers: &[(&str, String)],
    ) -> Result<ureq::http::Response<ureq::Body>, HubError> {
        let mut attempt = 0;
        loop {
            self.check_cancel()?;
            let mut req = self.agent.get(url);
            if let Some(t) = &self.token
                && same_origin(url, &self.token_origin)
            {
                req = req.header("Authorization", format!("Bearer {t}"));
            }
            for (k, v) in headers {
                req = req.header(*k, v.as_str());
            }
            let result = req.call();
            attempt += 1;
            match result {
                Ok(resp) => {
                    let status = resp.status().as_u16();
                    if (status == 429 || status >= 500) && attempt < 2 {
                        std::thread::sleep(Duration::from_millis(700));
                        continue;
                    }
                    return Ok(resp);
                }
                Err(e) => {
                    let err = self.transport_error(url, e);
                    if matches!(err, HubError::Network { .. }) && attempt < 2 {
                        std::thread::sleep(Duration::from_millis(700));
                        continue;
                    }
                    return Err(err);
                }
            }
        }
    }

    fn transport_error(&self, url: &str, e: ureq::Error) -> HubError {
        match e {
            ureq::Error::Timeout(which) => HubError::Timeout {
                url: url.to_owned(),
                what: format!("{which}"),
                secs: self.response_timeout.as_secs_f64(),
            },
            ureq::Error::HostNotFound | ureq::Error::ConnectionFailed => HubError::Offline {
                url: url.to_owned(),
                detail: e.to_string(),
            },
            ureq::Error::Io(io)
                if matches!(
                    io.kind(),
                    std::io::ErrorKind::ConnectionRefused
                        | std::io::ErrorKind::NotConnected
                        | std::io::ErrorKind::AddrNotAvailable
                        | std::io::ErrorKind::NetworkUnreachable
                        | std::io::ErrorKind::HostUnreachable
                ) =>
            {
                HubError::Offline {
                    url: url.to_owned(),
                    detail: io.to_string(),
                }
            }
            ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => HubError::Timeout {
                url: url.to_owned(),
                what: io.to_string(),
                secs: self.response_timeout.as_secs_f64(),
            },
            other => HubError::Network {
                url: url.to_owned(),
                detail: other.to_string(),
            },
        }
    }

    /// Maps a non-success status to the error a user can act on. The hub answers 401 for repositories
    /// that do not exist too (so private ones stay hidden) and says which in `X-Error-Code`.
    fn status_error(
        &self,
        url: &str,
        resp: &ureq::http::Response<ureq::Body>,
        what: &str,
    ) -> HubError {
        let status = resp.status().as_u16();
        let code = header(resp, "x-error-code").unwrap_or_default();
        if matches!(
            code.as_str(),
            "RepoNotFound" | "EntryNotFound" | "RevisionNotFound"
        ) {
            let hint = if code == "RepoNotFound" && !self.has_token() {
                "; if it is private, set HF_TOKEN"
            } else {
                ""
            };
            return HubError::NotFound {
                what: format!("{what} ({code}{hint})"),
                url: url.to_owned(),
                status,
            };
        }
        match status {
            401 | 403 => HubError::Gated {
                what: what.to_owned(),
                url: url.to_owned(),
                status,
                token_set: self.has_token(),
            },
            404 => HubError::NotFound {
                what: what.to_owned(),
                url: url.to_owned(),
                status,
            },
            _ => HubError::Status {
                what: what.to_owned(),
                url: url.to_owned(),
                status,
            },
        }
    }

    /// Reads at most `limit` bytes of a body; more is an error (hostile or wrong endpoint), a body shorter
    /// than its `Content-Length` is reported as truncated.
    fn read_body(
        &self,
        url: &str,
        resp: ureq::http::Response<ureq::Body>,
        limit: u64,
    ) -> Result<Vec<u8>, HubError> {
        let declared = resp
            .headers()
            .get("content-length")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if let Some(n) = declared
            && n > limit
        {
            return Err(HubError::TooLarge {
                url: url.to_owned(),
                limit,
            });
        }
        let mut reader = resp.into_body().into_reader().take(limit.saturating_add(1));
        let mut buf = Vec::with_capacity(declared.unwrap_or(0).min(limit) as usize);
        let mut chunk = [0u8; 64 * 1024];
        loop {
            self.check_cancel()?;
            match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    buf.extend_from_slice(&chunk[..n]);
                    self.received.fetch_add(n as u64, Ordering::Relaxed);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                    return Err(HubError::Timeout {
                        url: url.to_owned(),
                        what: format!("reading the body: {e}"),
                        secs: self.response_timeout.as_secs_f64(),
                    });
                }
                Err(e) => {
                    return Err(HubError::Truncated {
                        url: url.to_owned(),
                        got: buf.len() as u64,
                        expected: declared,
                        detail: e.to_string(),
                    });
                }
            }
        }
        if buf.len() as u64 > limit {
            return Err(HubError::TooLarge {
                url: url.to_owned(),
                limit,
            });
        }
        if let Some(n) = declared
            && (buf.len() as u64) < n
        {
            return Err(HubError::Truncated {
                url: url.to_owned(),
                got: buf.len() as u64,
                expected: Some(n),
                detail: "the connection closed early".into(),
            });
        }
        Ok(buf)
    }

    /// GET a JSON document (at most `limit` bytes); `what` names it in errors. Returns the parsed value and
    /// the response's `Link: <…>; rel="next"` (the hub pages long file trees).
    pub fn get_json(
        &self,
        url: &str,
        what: &str,
        limit: u64,
        accept: Option<&str>,
    ) -> Result<(serde_json::Value, Option<String>), HubError> {
        let headers: Vec<(&str, String)> = accept
            .map(|a| ("Accept", a.to_owned()))
            .into_iter()
            .collect();
        let resp = self.get(url, &headers)?;
        let status = resp.status().as_u16();
        if !(200..300).contains(&status) {
            return Err(self.status_error(url, &resp, what));
        }
        let next = resp
            .headers()
            .get("link")
            .and_then(|v| v.to_str().ok())
            .and_then(next_link);
        let body = self.read_body(url, resp, limit)?;
        let value = serde_json::from_slice(&body).map_err(|e| HubError::Invalid {
            url: url.to_owned(),
            what: format!("{what} is not valid JSON ({e})"),
        })?;
        Ok((value, next))
    }

    /// Bytes `start..start+len` of a file (fewer at its end), with the file's total size and ETag.
    pub fn get_range(
        &self,
        url: &str,
        what: &str,
        start: u64,
        len: u64,
    ) -> Result<RangeReply, HubError> {
        let end = start.saturating_add(len.max(1)) - 1;
        let resp = self.get(url, &[("Range", format!("bytes={start}-{end}"))])?;
        let status = resp.status().as_u16();
        if status == 416 {
            return Err(HubError::Invalid {
                url: url.to_owned(),
                what: format!("{what}: the server has no bytes from {start} on (HTTP 416)"),
            });
        }
        if status == 200 {
            // The server ignored Range and would send the whole file: refuse rather than download weights.
            return Err(HubError::NoRange {
                url: url.to_owned(),
            });
        }
        if status != 206 {
            return Err(self.status_error(url, &resp, what));
        }
        let etag = header(&resp, "etag");
        let (from, to, total) = header(&resp, "content-range")
            .as_deref()
            .and_then(parse_content_range)
            .ok_or_else(|| HubError::Invalid {
                url: url.to_owned(),
                what: format!("{what}: a 206 answer without a valid Content-Range"),
            })?;
        if from != start || to < from || to > end {
            return Err(HubError::Invalid {
                url: url.to_owned(),
                what: format!("{what}: asked for bytes {start}-{end}, the server sent {from}-{to}"),
            });
        }
        let want = to - from + 1;
        let bytes = self.read_body(url, resp, want)?;
        if (bytes.len() as u64) < want {
            return Err(HubError::Truncated {
                url: url.to_owned(),
                got: bytes.len() as u64,
                expected: Some(want),
                detail: "the answer ended before the range it announced".into(),
            });
        }
        Ok(RangeReply { bytes, total, etag })
    }

    /// Asks whether the file still has `etag` (a one-byte conditional Range request).
    pub fn validate(&self, url: &str, what: &str, etag: &str) -> Result<Validation, HubError> {
        let headers = [
            ("Range", "bytes=0-0".to_owned()),
            ("If-None-Match", etag.to_owned()),
        ];
        let resp = match self.get(url, &headers) {
            Ok(r) => r,
            Err(HubError::Offline { detail, .. }) => return Ok(Validation::Offline(detail)),
            Err(HubError::Timeout { what, .. }) => return Ok(Validation::Offline(what)),
            Err(e) => return Err(e),
        };
        let status = resp.status().as_u16();
        match status {
            304 => Ok(Validation::Unchanged),
            200 | 206 => {
                let same = header(&resp, "etag").is_some_and(|e| e == etag);
                // Drop the body unread (at most one byte when the server honours Range).
                Ok(if same {
                    Validation::Unchanged
                } else {
                    Validation::Changed
                })
            }
            _ => Err(self.status_error(url, &resp, what)),
        }
    }
}

/// Whether `url` is under `origin` (`https://huggingface.co` matches `https://huggingface.co/x`, not
/// `https://huggingface.co.example/x`).
pub fn same_origin(url: &str, origin: &str) -> bool {
    url.strip_prefix(origin)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || rest.starts_with('?'))
}

fn header(resp: &ureq::http::Response<ureq::Body>, name: &str) -> Option<String> {
    resp.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(|s| s.trim().to_owned())
}

/// `bytes 0-1023/4096` → (0, 1023, 4096).
fn parse_content_range(v: &str) -> Option<(u64, u64, u64)> {
    let rest = v.trim().strip_prefix("bytes")?.trim_start();
    let (range, total) = rest.split_once('/')?;
    let (a, b) = range.split_once('-')?;
    Some((
        a.trim().parse().ok()?,
        b.trim().parse().ok()?,
        total.trim().parse().ok()?,
    ))
}

/// The `rel="next"` target of a `Link` header.
fn next_link(v: &str) -> Option<String> {
    v.split(',').find_map(|part| {
        let (target, params) = part.split_once(';')?;
        params.contains("rel=\"next\"").then(|| {
            target
                .trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_range_and_link_headers() {
        assert_eq!(
            parse_content_range("bytes 0-1023/4096"),
            Some((0, 1023, 4096))
        );
        assert_eq!(parse_content_range("bytes */4096"), None);
        assert_eq!(parse_content_range("items 0-1/2"), None);
        assert_eq!(
            next_link("<https://h/api/models/a/b/tree/main?cursor=x>; rel=\"next\""),
            Some("https://h/api/models/a/b/tree/main?cursor=x".into())
        );
        assert_eq!(next_link("<https://h/x>; rel=\"prev\""), None);
        assert!(same_origin(
            "https://huggingface.co/api/models/a/b",
            "https://huggingface.co"
        ));
        assert!(!same_origin(
            "https://huggingface.co.evil.example/x",
            "https://huggingface.co"
        ));
        assert!(!same_origin(
            "https://registry.ollama.ai/v2/x",
            "https://huggingface.co"
        ));
    }
}
