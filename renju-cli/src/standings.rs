//! `renju standings FILE...`: crosstables (TRF, JSON, or game files whose records name
//! players and rounds) ranked by the Chinese rules' lists or an organiser's tie-breaks.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use renju_records::formats::Format;
use renju_records::report::Severity;
use renju_tournament::clubs::{club_totals, ClubTotal};
use renju_tournament::io::read_path;
use renju_tournament::trf::write_with_standings;
use renju_tournament::{
    standings, Regulation, Standings, StandingsOptions, System, TieBreak, Tournament,
};

/// Runs the command; 0 clean, 1 findings of severity error, 2 unreadable input or usage.
pub fn run(
    files: &[PathBuf],
    format: Option<Format>,
    system: Option<System>,
    tiebreaks: Option<&str>,
    regulation: Regulation,
    json: bool,
    extra: &Extra<'_>,
) -> ExitCode {
    let tiebreaks = match tiebreaks.map(TieBreak::parse_list).transpose() {
        Ok(list) => list,
        Err(e) => {
            eprintln!("renju: --tiebreaks: {e}");
            return ExitCode::from(2);
        }
    };
    let options = StandingsOptions {
        system,
        tiebreaks,
        regulation,
    };
    let mut unreadable = 0;
    let mut all: Vec<(String, Standings)> = Vec::new();
    let mut tournaments: Vec<Tournament> = Vec::new();
    let mut clubs: Vec<Vec<ClubTotal>> = Vec::new();
    for path in files {
        match read_path(path, format) {
            Ok(list) => {
                for read in list {
                    let mut findings = read.findings;
                    let mut s = standings(&read.tournament, &options);
                    findings.append(&mut s.findings);
                    s.findings = findings;
                    all.push((path.display().to_string(), s));
                    if let Some(counted) = extra.clubs {
                        clubs.push(club_totals(&read.tournament, &options, counted));
                    }
                    tournaments.push(read.tournament);
                }
            }
            Err(e) => {
                eprintln!("renju: {e}");
                unreadable += 1;
            }
        }
    }
    if let Some(out) = extra.write_trf {
        if let Err(e) = write_standings_trf(&tournaments, &all, out) {
            eprintln!("renju: --write-trf: {e}");
            return ExitCode::from(2);
        }
    }
    let errors = all.iter().any(|(_, s)| s.has_errors());
    let mut out = std::io::stdout().lock();
    let written = if json {
        let list: Vec<serde_json::Value> = all
            .iter()
            .map(|(file, s)| {
                let mut v = serde_json::to_value(s.readable_json()).expect("standings serialise");
                if let Some(obj) = v.as_object_mut() {
                    obj.insert("source".into(), serde_json::Value::String(file.clone()));
                }
                v
            })
            .zip(clubs_or_none(&clubs, all.len()))
            .map(|(mut v, clubs)| {
                if let (Some(obj), Some(clubs)) = (v.as_object_mut(), clubs) {
                    let clubs = serde_json::to_value(clubs).expect("club totals serialise");
                    obj.insert("clubs".into(), clubs);
                }
                v
            })
            .collect();
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "tournaments": list }))
                .expect("JSON")
        )
    } else {
        (all.iter().zip(clubs_or_none(&clubs, all.len()))).try_for_each(|((file, s), clubs)| {
            write!(out, "{}", table(file, s))?;
            clubs.map_or(Ok(()), |c| write!(out, "{}", club_table(c)))
        })
    };
    if written.is_err() || unreadable > 0 {
        ExitCode::from(2)
    } else if errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What `renju standings` writes besides the tables.
pub struct Extra<'a> {
    /// `--write-trf`: the TRF with the standings' points and ranks.
    pub write_trf: Option<&'a Path>,
    /// `--clubs [N]`: the club totals, counting each club's best N (all: `Some(None)`).
    pub clubs: Option<Option<usize>>,
}

/// Each tournament's club totals, or `None` for each when none were asked.
fn clubs_or_none(clubs: &[Vec<ClubTotal>], n: usize) -> Vec<Option<&Vec<ClubTotal>>> {
    if clubs.is_empty() {
        vec![None; n]
    } else {
        clubs.iter().map(Some).collect()
    }
}

/// The club totals as a person reads them: rank, club, points, the players counted.
fn club_table(clubs: &[ClubTotal]) -> String {
    let mut text = String::from("Club totals\nRank  Club  Pts  Players\n");
    for c in clubs {
        let players: Vec<String> = c
            .players
            .iter()
            .map(|(id, p)| format!("{id}:{p}"))
            .collect();
        text.push_str(&format!(
            "{:>4}  {}  {}  {}\n",
            c.rank,
            c.club,
            c.points,
            players.join(" ")
        ));
    }
    text.push('\n');
    text
}

/// The one tournament read, with its standings' points and ranks, written as TRF to
/// `out`.
fn write_standings_trf(
    tournaments: &[Tournament],
    all: &[(String, Standings)],
    out: &Path,
) -> Result<(), String> {
    let ([t], [(_, s)]) = (tournaments, all) else {
        return Err(format!(
            "{} tournaments read: one TRF file holds one",
            tournaments.len()
        ));
    };
    let text = write_with_standings(t, s).map_err(|e| e.to_string())?;
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))
}

/// The table a person reads: rank (`=` marks a shared place), name, points, each
/// tie-break; then the findings.
pub fn table(file: &str, s: &Standings) -> String {
    let title = if s.name.is_empty() { file } else { &s.name };
    let mut text = format!(
        "{title} ({}{}, unplayed rounds: {})\n",
        if s.team_event { "team " } else { "" },
        s.system,
        s.regulation
    );
    let mut header = vec![
        "Rank".to_string(),
        "Id".to_string(),
        "Name".to_string(),
        if s.team_event { "MP" } else { "Pts" }.to_string(),
    ];
    header.extend(s.tiebreaks.iter().map(ToString::to_string));
    let mut rows = vec![header];
    for r in &s.rows {
        let mut line = vec![
            format!("{}{}", r.rank, if r.shared { "=" } else { "" }),
            r.id.to_string(),
            r.name.clone(),
            r.points.to_string(),
        ];
        line.extend(r.values.iter().map(ToString::to_string));
        rows.push(line);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for r in &rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, v)| {
                let pad = widths[c] - v.chars().count();
                if c == 2 {
                    format!("{v}{}", " ".repeat(pad))
                } else {
                    format!("{}{v}", " ".repeat(pad))
                }
            })
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    let count = |sev| s.findings.iter().filter(|f| f.severity == sev).count();
    text.push_str(&format!(
        "{} findings: {} errors, {} warnings\n",
        s.findings.len(),
        count(Severity::Error),
        count(Severity::Warning)
    ));
    for f in &s.findings {
        let sev = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        };
        text.push_str(&format!("  {sev} {}: {}\n", f.code, f.message));
    }
    text.push('\n');
    text
}
