//! Embeds the icon and version information into the Windows .exe (Explorer and shortcuts show the resource
//! icon; the window icon is set at run time). Checks the *target* OS: build scripts run on the host.

fn main() {
    println!("cargo:rerun-if-changed=assets/icon.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut res = winresource::WindowsResource::new();
    res.set_icon("assets/icon.ico")
        .set("ProductName", "VRAM Doctor")
        .set("FileDescription", "VRAM Doctor — will this LLM fit my GPU?")
        .set("OriginalFilename", "vram-doctor.exe");
    if let Err(err) = res.compile() {
        // A missing windres (no mingw-w64 binutils) must not break `cargo check`; the .exe then has no icon.
        println!("cargo:warning=Windows resources not embedded: {err}");
    }
}
