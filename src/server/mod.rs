//! `stepwise serve`: the JSON API over HTTP/1.1, on axum and tokio (binary only,
//! feature `server`; the library never sees them).
//!
//! The async side only reads requests and writes answers; every call into the library (which is
//! synchronous and CPU-bound) runs on the [`pool`]'s fixed workers behind a bounded queue.
//! The limits, each with its default:
//! - request body: [`MAX_BODY_BYTES`] (64 KiB), over it 413;
//! - time: each request runs under a `stepwise::budget::Budget` of `--timeout` seconds
//!   ([`DEFAULT_TIMEOUT`], 10 s); a request may ask less with `timeout`; past it the library
//!   stops the work and the answer is 504 with `error`;
//! - concurrency: `--workers` requests at once (default: the cores), `--queue` more waiting
//!   ([`DEFAULT_QUEUE`]); past that 503 at once;
//! - memory: the finders' caches hold at most `--cache-mb` per worker (the library's 32 MiB by
//!   default, `stepwise::cache`);
//! - `generate`: at most [`MAX_GENERATE_COUNT`] puzzles per request, within its time;
//! - connections: at most `--max-connections` open ([`DEFAULT_MAX_CONNECTIONS`]; past it a new
//!   one is answered 503 and closed); a request's head must arrive within `--read-timeout`
//!   ([`DEFAULT_READ_TIMEOUT`]) and its body within as much again (else 408), so slow clients
//!   cannot hold the server.
//!
//! Every error is JSON, `{"error": "..."}` (see [`reply`]); a panic in a request's work is
//! caught on its worker and answered 500, and the server goes on.

mod api;
mod assets;
mod catalog;
mod kakuro;
mod pool;
mod reply;

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::de::DeserializeOwned;
use serde_json::json;
use stepwise::technique::Technique;

use api::Limits;
use pool::{Pool, PoolError};
use reply::{Answer, Reply};

/// The most bytes a request body may hold: a puzzle in any format is under 2 KiB, a pencilmark
/// grid with borders under 4 KiB, so 64 KiB leaves room for any honest request.
pub const MAX_BODY_BYTES: usize = 64 << 10;

/// The time one request may take by default: the whole path of one of the forum's hardest
/// puzzles takes 0.4 s at the median and 6.3 s at the worst (README, "Status"), so every known
/// puzzle can be explained, while a stuck client holds a worker for seconds, not minutes.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Requests that may wait for a worker when every worker is busy: a short queue, so that a
/// burst is absorbed but a client is told "busy" rather than left waiting minutes.
pub const DEFAULT_QUEUE: usize = 16;

/// Connections open at once: far more than a page or an app needs, few enough that a flood
/// of idle or slow connections cannot use up the process's file descriptors.
pub const DEFAULT_MAX_CONNECTIONS: usize = 256;

/// The time a client has to send a request's head, and then its body: an honest request takes
/// milliseconds; one sent a byte at a time is cut off.
pub const DEFAULT_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The most puzzles one `generate` request may ask for.
pub const MAX_GENERATE_COUNT: u64 = 20;

/// How the server is set up (`stepwise serve`'s options).
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen; port 0 takes a free port (the bound address is printed).
    pub addr: SocketAddr,
    /// Worker threads for the library's calls.
    pub workers: usize,
    /// Requests that may wait for a worker.
    pub queue: usize,
    /// Each request's time limit, and the most it may ask for.
    pub timeout: Duration,
    /// The finders' cache bound per worker; `None`: the library's default.
    pub cache_bytes: Option<usize>,
    /// Connections open at once.
    pub max_connections: usize,
    /// The time a client has to send a request's head, and then its body.
    pub read_timeout: Duration,
}

/// What every handler shares.
#[derive(Clone)]
struct AppState {
    pool: Arc<Pool>,
    limits: Limits,
}

/// Listens on `config.addr`, prints `listening on http://ADDRESS` as the first line of standard
/// output, and serves until interrupted (Ctrl-C or SIGTERM, letting requests in flight end).
pub fn serve(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        // Two threads read and write; the work is the pool's.
        .worker_threads(2)
        .thread_name("stepwise-http")
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    let state = AppState {
        pool: Arc::new(Pool::new(config.workers, config.queue)),
        limits: Limits {
            timeout: config.timeout,
            cache_bytes: config.cache_bytes,
        },
    };
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot read the bound address: {e}"))?;
        println!("listening on http://{bound}");
        eprintln!(
            "stepwise serve: {} workers, {} waiting at most, {} s per request, bodies up to {} KiB",
            state.pool.workers(),
            state.pool.queue(),
            state.limits.timeout.as_secs_f64(),
            MAX_BODY_BYTES >> 10
        );
        let connections = Connections {
            most: config.max_connections,
            read_timeout: config.read_timeout,
        };
        accept(listener, router(state, config.read_timeout), connections).await;
        Ok(())
    })
}

/// How many connections may be open, and how long a request's head may take to arrive.
#[derive(Debug, Clone, Copy)]
struct Connections {
    most: usize,
    read_timeout: Duration,
}

/// Serves connections until [`shutdown`], at most `limits.most` at once, each with
/// `limits.read_timeout` for a request's head; then lets the requests in flight end (10 s at
/// most).
async fn accept(listener: tokio::net::TcpListener, app: Router, limits: Connections) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let open = Arc::new(tokio::sync::Semaphore::new(limits.most));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout);
    let stop = shutdown();
    tokio::pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors or a connection reset before it was taken: wait a
                // moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream, limits.most));
            continue;
        };
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(Duration::from_secs(10), graceful.shutdown()).await;
}

/// Answers a connection over the most that may be open (`most`) with a 503 and closes it.
async fn refuse(mut stream: tokio::net::TcpStream, most: usize) {
    use tokio::io::AsyncWriteExt;
    let body = json!({
        "error": format!("the server has {most} connections open, its most; try again")
    })
    .to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\nretry-after: 1\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(answer.as_bytes())).await;
}

/// Reads a request's body within `read_timeout` (408 past it) before the handler sees it,
/// so that a body sent a byte at a time cannot hold its connection; at most one byte over
/// [`MAX_BODY_BYTES`] is read, and the handler's limit then answers 413 as usual.
async fn body_in_time(
    request: axum::extract::Request,
    next: axum::middleware::Next,
    read_timeout: Duration,
) -> Response {
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, MAX_BODY_BYTES + 1);
    match tokio::time::timeout(read_timeout, read).await {
        Ok(Ok(bytes)) => {
            next.run(axum::extract::Request::from_parts(
                parts,
                axum::body::Body::from(bytes),
            ))
            .await
        }
        Ok(Err(e)) => {
            let over = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>())
                || e.to_string().contains("length limit");
            if over {
                too_large().into_response()
            } else {
                Reply::error(
                    StatusCode::BAD_REQUEST,
                    format!("the request body could not be read: {e}"),
                )
                .into_response()
            }
        }
        Err(_) => Reply::error(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within {} s",
                read_timeout.as_secs_f64()
            ),
        )
        .into_response(),
    }
}

/// The answer to a body over [`MAX_BODY_BYTES`].
fn too_large() -> Reply {
    Reply::error(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request body is over the limit of {MAX_BODY_BYTES} bytes ({} KiB)",
            MAX_BODY_BYTES >> 10
        ),
    )
    .field("limit", MAX_BODY_BYTES)
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}

fn router(state: AppState, read_timeout: Duration) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/techniques", get(techniques))
        .route("/api/techniques/{slug}", get(technique))
        .route("/api/check", post(check))
        .route("/api/solve", post(solve))
        .route("/api/explain", post(explain))
        .route("/api/rate", post(rate))
        .route("/api/analyze", post(analyze))
        .route("/api/hint", post(hint))
        .route("/api/generate", post(generate))
        .route("/api/parse", post(parse))
        .route("/api/kakuro/check", post(kakuro_check))
        .route("/api/kakuro/solve", post(kakuro_solve))
        .route("/api/kakuro/explain", post(kakuro_explain))
        .route("/api/kakuro/hint", post(kakuro_hint))
        .route("/api/kakuro/rate", post(kakuro_rate))
        .route("/api/kakuro/generate", post(kakuro_generate))
        .route("/solve", post(solve_record))
        .fallback(fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(move |request, next| {
            body_in_time(request, next, read_timeout)
        }))
        .with_state(state)
}

// ---------------------------------------------------------------------------------------
// POST: read the body, then run the work on the pool

/// The body of a POST, when it is JSON and within the limit.
fn body_of(headers: &HeaderMap, body: Result<Bytes, BytesRejection>) -> Result<Bytes, Reply> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let essence = content_type.split(';').next().unwrap_or("").trim();
    if !essence.eq_ignore_ascii_case("application/json") {
        let found = if content_type.is_empty() {
            "none".to_string()
        } else {
            format!("'{content_type}'")
        };
        return Err(Reply::error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("the request must be JSON with Content-Type: application/json (found {found})"),
        ));
    }
    body.map_err(|rejection| {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            Reply::error(
                status,
                format!(
                    "the request body could not be read: {}",
                    rejection.body_text()
                ),
            )
        }
    })
}

/// A request object from JSON text; its error names what is wrong and where.
fn request_of<R: DeserializeOwned>(bytes: &[u8]) -> Result<R, Reply> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Reply::error(
            StatusCode::BAD_REQUEST,
            "the request body is empty: expected a JSON object such as {\"puzzle\": \"...\"}",
        ));
    }
    let syntax = |e: serde_json::Error| {
        Reply::error(
            StatusCode::BAD_REQUEST,
            format!("the request body is not valid JSON: {e}"),
        )
    };
    // Serde would read an array as a struct's fields in order; a request is an object.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(syntax)?;
        let found = match value {
            serde_json::Value::Array(_) => "an array",
            serde_json::Value::String(_) => "a string",
            serde_json::Value::Number(_) => "a number",
            serde_json::Value::Bool(_) => "a boolean",
            serde_json::Value::Null => "null",
            serde_json::Value::Object(_) => "an object",
        };
        return Err(Reply::error(
            StatusCode::BAD_REQUEST,
            format!("the request body must be a JSON object such as {{\"puzzle\": \"...\"}}, found {found}"),
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        use serde_json::error::Category;
        match e.classify() {
            Category::Syntax | Category::Eof | Category::Io => syntax(e),
            Category::Data => Reply::error(StatusCode::BAD_REQUEST, format!("bad request: {e}")),
        }
    })
}

/// Runs `work` on the pool; a full queue, a panic or a closed pool are JSON errors.
async fn on_pool<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&Limits) -> T + Send + 'static,
) -> Result<T, Reply> {
    let limits = state.limits;
    state
        .pool
        .run(move || work(&limits))
        .await
        .map_err(|e| match e {
            PoolError::Busy => Reply::error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy ({} at work and {} waiting, its most); try again shortly",
                    state.pool.workers(),
                    state.pool.queue()
                ),
            ),
            PoolError::Panicked(message) => Reply::error(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: the request's work failed ({message}); please report it with the request"),
            ),
            PoolError::Closed => Reply::error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down",
            ),
        })
}

/// A JSON endpoint: the body read as `R`, then `work` on the pool.
async fn endpoint<R>(
    state: &AppState,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    work: fn(R, &Limits) -> Answer,
) -> Reply
where
    R: DeserializeOwned + Send + 'static,
{
    let answer = async {
        let bytes = body_of(headers, body)?;
        let request: R = request_of(&bytes)?;
        on_pool(state, move |limits| work(request, limits)).await?
    };
    answer.await.unwrap_or_else(|error| error)
}

/// The Kakuro endpoints, each a JSON endpoint on the pool like the Sudoku ones.
macro_rules! kakuro_endpoint {
    ($($name:ident => $work:path),* $(,)?) => {$(
        async fn $name(
            State(state): State<AppState>,
            headers: HeaderMap,
            body: Result<Bytes, BytesRejection>,
        ) -> Reply {
            endpoint(&state, &headers, body, $work).await
        }
    )*};
}

kakuro_endpoint! {
    kakuro_check => kakuro::check,
    kakuro_solve => kakuro::solve,
    kakuro_explain => kakuro::explain,
    kakuro_hint => kakuro::hint,
    kakuro_rate => kakuro::rate,
    kakuro_generate => kakuro::generate,
}

async fn check(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::check).await
}

async fn solve(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::solve).await
}

async fn explain(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::explain).await
}

async fn rate(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::rate).await
}

async fn analyze(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::analyze).await
}

async fn hint(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::hint).await
}

async fn generate(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::generate).await
}

async fn parse(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    endpoint(&state, &headers, body, api::parse).await
}

/// `POST /solve`: the body is the puzzle record itself, read by the library's JSON reader.
async fn solve_record(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    let answer = async {
        let bytes = body_of(&headers, body)?;
        let text = String::from_utf8(bytes.to_vec())
            .map_err(|_| Reply::error(StatusCode::BAD_REQUEST, "the request body is not UTF-8"))?;
        on_pool(&state, move |limits| api::solve_record(text, limits)).await?
    };
    answer.await.unwrap_or_else(|error| error)
}

// ---------------------------------------------------------------------------------------
// GET

async fn healthz(State(state): State<AppState>) -> Reply {
    Reply::ok(&json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "workers": state.pool.workers(),
        "queue": state.pool.queue(),
        "timeout": state.limits.timeout.as_secs_f64(),
        "max_body_bytes": MAX_BODY_BYTES,
        "max_generate_count": MAX_GENERATE_COUNT,
    }))
}

/// `GET /api/techniques`: the whole catalog, each row with its page's URL, serialized once.
async fn techniques() -> Response {
    static CATALOG: OnceLock<Bytes> = OnceLock::new();
    let body = CATALOG.get_or_init(|| {
        let mut text = serde_json::to_vec(&catalog::list()).expect("the catalog serializes");
        text.push(b'\n');
        Bytes::from(text)
    });
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body.clone(),
    )
        .into_response()
}

/// `GET /api/techniques/{slug}`: one technique (by slug or name) with its page.
async fn technique(Path(slug): Path<String>) -> Reply {
    match Technique::parse(&slug) {
        Some(technique) => Reply::ok(&catalog::entry(technique)),
        None => {
            let nearest = Technique::nearest(&slug);
            let message = if nearest.is_empty() {
                format!("unknown technique '{slug}' (GET /api/techniques lists them)")
            } else {
                format!(
                    "unknown technique '{slug}'; did you mean {}? (GET /api/techniques lists them)",
                    nearest.join(", ")
                )
            };
            Reply::error(StatusCode::NOT_FOUND, message).field("suggestions", nearest)
        }
    }
}

/// Assets for GET and HEAD; a JSON 404 for anything else.
async fn fallback(method: Method, uri: Uri) -> Response {
    if method == Method::GET || method == Method::HEAD {
        if let Some(asset) = assets::find(uri.path()) {
            return (
                [
                    (
                        header::CONTENT_TYPE,
                        HeaderValue::from_static(asset.content_type),
                    ),
                    (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                    (
                        header::X_CONTENT_TYPE_OPTIONS,
                        HeaderValue::from_static("nosniff"),
                    ),
                ],
                asset.body,
            )
                .into_response();
        }
    }
    Reply::error(
        StatusCode::NOT_FOUND,
        format!("no such endpoint: {method} {}", uri.path()),
    )
    .into_response()
}

async fn method_not_allowed(method: Method, uri: Uri) -> Reply {
    Reply::error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {}", uri.path()),
    )
}
