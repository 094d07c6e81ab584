package doc

import (
	"encoding/json"
	"fmt"
)

// Meta is the provenance of an experiment (tournament, ladder, skill, sweep, restricted
// play, luck): what its report's first page and summary.json say about it.
type Meta struct {
	Tool    string          `json:"tool"`
	Command string          `json:"command"`
	Game    string          `json:"game"`
	Title   string          `json:"gameTitle"`
	Players int             `json:"players"`
	Params  json.RawMessage `json:"params"`
	Seed    uint64          `json:"seed"`
	// Complete is false when the experiment was interrupted: the report then covers only
	// the games that were finished.
	Complete bool `json:"complete"`
}

// NewDoc starts an experiment's report: its title, the provenance (extra pairs after the
// game, rules and seed) and the generator, and an alert when it is incomplete.
func (m Meta) NewDoc(title string, extra ...KV) *Doc {
	d := New(title)
	d.Generator = m.Tool
	d.Provenance = m.provenance(extra...)
	if !m.Complete {
		d.Intro = append(d.Intro, Alert("Incomplete: the study was interrupted; the report covers only the games that were finished."))
	}
	return d
}

// provenance lists the meta data for the report's first page.
func (m Meta) provenance(extra ...KV) []KV {
	title := m.Title
	if title == "" {
		title = m.Game
	}
	pv := []KV{
		{Key: "Game", Value: fmt.Sprintf("%s, %d players", title, m.Players)},
		{Key: "Rules", Value: string(m.Params)},
		{Key: "Seed", Value: fmt.Sprint(m.Seed)},
	}
	pv = append(pv, extra...)
	pv = append(pv, KV{Key: "Command", Value: m.Command}, KV{Key: "Tool", Value: m.Tool})
	if !m.Complete {
		pv = append(pv, KV{Key: "Status", Value: "INCOMPLETE: interrupted; only the games finished are counted"})
	}
	return pv
}

// Write builds a report with build, sets data as its machine-readable part (summary.json)
// and writes every file of it into dir (WriteReport).
func Write(dir string, build func() (*Doc, error), data any) ([]string, error) {
	d, err := build()
	if err != nil {
		return nil, err
	}
	d.Data = data
	return WriteReport(dir, d)
}

// WriteReport renders the document (its Data written as summary.json) and writes every
// file of the report into dir: report.pdf, report.html, summary.md, summary.json, the
// exported tables and the charts. Everything is rendered before anything is written, and
// nothing is renamed into place unless every file could be written. It returns the names
// written, relative to dir.
func WriteReport(dir string, d *Doc) ([]string, error) {
	files, err := Render(d)
	if err != nil {
		return nil, err
	}
	if err := WriteAll(dir, files); err != nil {
		return nil, err
	}
	return Names(files), nil
}
