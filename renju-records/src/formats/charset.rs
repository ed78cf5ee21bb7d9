//! Text in the legacy charsets of old records: GBK (Chinese RenLib libraries and SGF
//! files), Windows-1252, and whatever an SGF file's `CA` names. Every charset is one of
//! the WHATWG Encoding Standard, decoded by `encoding_rs` natively.
//!
//! On WebAssembly the decoding tables are not compiled in (they would be a third of the
//! module): the embedder decodes through `set_decoder` (in WebAssembly builds only) with
//! the host's own implementation of the same standard (the JavaScript package gives
//! `TextDecoder`). Until one is set, text that is not UTF-8 is read as UTF-8 with
//! replacement characters.

/// The encoding that a label names and the text, as decoded: the encoding's canonical
/// WHATWG name (`GBK`, `windows-1252`, `UTF-16LE`, ...) and the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The encoding's canonical name.
    pub encoding: String,
    /// The text; `None` when decoding was strict and the bytes are not valid in it.
    pub text: Option<String>,
}

/// A decoder of the host's: `(label, bytes, strict)` to what it decoded, `None` when the
/// label names no encoding.
pub type Decoder = fn(&str, &[u8], bool) -> Option<Decoded>;

#[cfg(target_family = "wasm")]
static DECODER: std::sync::OnceLock<Decoder> = std::sync::OnceLock::new();

/// Sets the decoder of the charsets other than UTF-8 (WebAssembly builds only: native
/// builds decode with their own tables). Only the first call counts.
#[cfg(target_family = "wasm")]
pub fn set_decoder(decoder: Decoder) {
    let _ = DECODER.set(decoder);
}

#[cfg(not(target_family = "wasm"))]
fn decode(label: &str, bytes: &[u8], strict: bool) -> Option<Decoded> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes())?;
    let text = if strict {
        encoding
            .decode_without_bom_handling_and_without_replacement(bytes)
            .map(std::borrow::Cow::into_owned)
    } else {
        Some(encoding.decode_without_bom_handling(bytes).0.into_owned())
    };
    Some(Decoded {
        encoding: encoding.name().to_string(),
        text,
    })
}

#[cfg(target_family = "wasm")]
fn decode(label: &str, bytes: &[u8], strict: bool) -> Option<Decoded> {
    match DECODER.get() {
        Some(decoder) => decoder(label, bytes, strict),
        None => Some(Decoded {
            encoding: String::from("UTF-8"),
            text: (!strict).then(|| String::from_utf8_lossy(bytes).into_owned()),
        }),
    }
}

/// The encodings that do not read ASCII as ASCII (and the replacement encoding): a
/// record's declaration naming one is not believed.
const NOT_ASCII_COMPATIBLE: [&str; 4] = ["UTF-16LE", "UTF-16BE", "ISO-2022-JP", "replacement"];

/// `bytes` in the encoding `label` names, when it is one that reads ASCII as ASCII and
/// is not UTF-8 (a declaration of a record, which the bytes did not bear out as UTF-8).
pub(crate) fn declared(label: &str, bytes: &[u8]) -> Option<String> {
    let decoded = decode(label, bytes, false)?;
    let name = decoded.encoding.as_str();
    let believed = !name.eq_ignore_ascii_case("UTF-8")
        && !NOT_ASCII_COMPATIBLE
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name));
    decoded.text.filter(|_| believed)
}

/// `bytes` as GBK, with replacement characters where they are not valid.
pub(crate) fn gbk(bytes: &[u8]) -> String {
    decode("gbk", bytes, false)
        .and_then(|d| d.text)
        .unwrap_or_else(|| String::from_utf8_lossy(bytes).into_owned())
}

/// `bytes` as GBK when they are valid GBK, else as Windows-1252 (which decodes any
/// bytes).
pub(crate) fn gbk_else_windows_1252(bytes: &[u8]) -> String {
    decode("gbk", bytes, true)
        .and_then(|d| d.text)
        .or_else(|| decode("windows-1252", bytes, false).and_then(|d| d.text))
        .unwrap_or_else(|| String::from_utf8_lossy(bytes).into_owned())
}
