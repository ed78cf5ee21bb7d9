//! `renju referee`: a live game refereed over JSON lines on stdin and stdout (the
//! protocol of `renju_records::referee::wire`, its one owner).

use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use renju_core::RuleSet;
use renju_display::text::printable;
use renju_records::formats::{Format, ReadLimits};
use renju_records::referee::{FoulPolicy, Referee, RefereeOptions, RefereePipe};
use renju_records::{OfferEquivalence, OpeningRule, TimeControl};

/// Options of `renju referee`.
#[derive(Args)]
pub struct RefereeArgs {
    /// Rule set (renju, freestyle, standard, caro).
    #[arg(long, default_value = "renju")]
    rule: RuleSet,
    #[arg(
        long,
        default_value = "free",
        help = crate::help::with_protocols("Opening protocol")
    )]
    opening: OpeningRule,
    /// Board side, 5 to 26 (Renju is played on 15).
    #[arg(long, default_value_t = 15)]
    size: u8,
    /// Time control (`300+5`, `40/6000:900`, `TM[600]OT[5x30 byo-yomi]`, ...); untimed
    /// when absent. Actions then carry "t" (milliseconds from 0).
    #[arg(long, value_name = "TC")]
    time_control: Option<TimeControl>,
    /// What a forbidden move of Black's does: automatic (White wins), rif-claim or
    /// chinese-claim (White may claim), refuse (the move is refused).
    #[arg(long, default_value = "automatic")]
    fouls: FoulPolicy,
    /// How offered fifth moves are compared (shape, board).
    #[arg(long, default_value = "shape")]
    offer_equivalence: OfferEquivalence,
    /// Go on from the game in this record file (its first game); its rules, where it
    /// names them, override the options.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// The record's format, when its extension does not say.
    #[arg(long)]
    format: Option<Format>,
    /// The late limit in seconds from the start (t = 0): a player who has not acted (or
    /// sent `arrive`) by then forfeits, two such players both lose. Until both have
    /// arrived no clock runs, and each player's lateness goes on their own clock.
    /// Untracked when absent.
    #[arg(long, value_name = "SECONDS", value_parser = late_limit)]
    late_limit: Option<u64>,
    /// The most bytes of one input line (at least 64); a longer one gets a bad-request
    /// reply.
    #[arg(long, value_name = "BYTES", default_value_t = ReadLimits::DEFAULT_LINE_BYTES, value_parser = line_limit)]
    max_line_bytes: usize,
}

/// The smallest line limit taken: below it every request would be refused (the shortest,
/// `{"action":"pass"}`, has 17 bytes; a placement with its time about 50).
const MIN_LINE_BYTES: usize = 64;

/// A `--late-limit` value: whole seconds, as milliseconds.
fn late_limit(text: &str) -> Result<u64, String> {
    let seconds: u64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of seconds"))?;
    seconds
        .checked_mul(1000)
        .ok_or_else(|| format!("a late limit of {seconds} s is too long"))
}

/// A `--max-line-bytes` value: a whole number of bytes, at least [`MIN_LINE_BYTES`].
fn line_limit(text: &str) -> Result<usize, String> {
    let bytes: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of bytes"))?;
    if bytes < MIN_LINE_BYTES {
        return Err(format!(
            "a line limit of {bytes} bytes would refuse every request: give at least {MIN_LINE_BYTES}"
        ));
    }
    Ok(bytes)
}

/// Runs the pipe until the input ends: exit code 0, or 2 when the options or the
/// record to resume are wrong, or the input cannot be read.
pub fn run(args: RefereeArgs) -> ExitCode {
    let referee = match start(&args) {
        Ok(referee) => referee,
        Err(message) => {
            eprintln!("renju referee: {}", printable(&message));
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut input = io::BufReader::with_capacity(1 << 16, stdin.lock());
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match pipe(referee, &mut input, &mut out, args.max_line_bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("renju referee: {e}");
            ExitCode::from(2)
        }
    }
}

fn start(args: &RefereeArgs) -> Result<Referee, String> {
    let options = RefereeOptions {
        rule_set: args.rule,
        opening: args.opening,
        size: args.size,
        time_control: args.time_control.clone(),
        fouls: args.fouls,
        late_limit_ms: args.late_limit,
        offer_equivalence: args.offer_equivalence,
        ..RefereeOptions::default()
    };
    let Some(path) = &args.resume else {
        return Referee::new(options).map_err(|e| e.to_string());
    };
    let format = args
        .format
        .or_else(|| Format::from_path(path))
        .ok_or_else(|| format!("{}: name the format with --format", path.display()))?;
    // Only the first game is read: a move list or a RenjuNet file is streamed, so a
    // file of any size takes the memory of one game.
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = format
        .read_from_with(
            io::BufReader::new(file),
            path.to_str(),
            ReadLimits::default(),
        )
        .next()
        .ok_or_else(|| format!("{}: the file holds no game", path.display()))?
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Referee::resume(&game, options).map_err(|e| format!("{}: {e}", path.display()))
}

/// Answers every line of `input` on `out`, one line each (the pipe of
/// [`RefereePipe`], which writes each reply as its line is answered). The output is
/// flushed after each read, before the next, which may wait for the caller, who may be
/// waiting for a reply.
pub fn pipe<R: Read>(
    referee: Referee,
    input: &mut io::BufReader<R>,
    out: &mut impl Write,
    max_line: usize,
) -> io::Result<()> {
    let mut pipe = RefereePipe::new(referee, max_line);
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        let fed = pipe.feed(available, out);
        let length = available.len();
        input.consume(length);
        if let Err(e) = fed {
            // The replies before the line that stopped the input go out first.
            out.flush()?;
            return Err(e);
        }
        out.flush()?;
    }
    pipe.finish(out)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replies(options: RefereeOptions, input: &str) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        let referee = Referee::new(options).unwrap();
        pipe(
            referee,
            &mut io::BufReader::new(input.as_bytes()),
            &mut out,
            200,
        )
        .unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn every_line_gets_one_reply_and_bad_lines_do_not_stop_the_pipe() {
        let long = format!("{{\"action\":\"place\",\"point\":\"{}\"}}", "a".repeat(300));
        let input = format!(
            "{{\"action\":\"place\",\"point\":\"h8\"}}\n\nnot json\n{long}\n\u{0}\n{{\"action\":\"place\",\"point\":\"h8\"}}\n{{\"action\":\"place\",\"point\":\"h9\"}}\n"
        );
        let r = replies(RefereeOptions::default(), &input);
        let codes: Vec<_> = r
            .iter()
            .map(|v| v["error"]["code"].as_str().unwrap_or("ok").to_string())
            .collect();
        assert_eq!(
            codes,
            [
                "ok",
                "bad-request",
                "bad-request",
                "bad-request",
                "occupied",
                "ok"
            ]
        );
        assert_eq!(r[5]["status"]["move"], 3);
    }
}
