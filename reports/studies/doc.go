package studies

import (
	"encoding/json"
	"fmt"

	"dragonlab/reports/doc"
)

// File names of a study report, besides the charts (charts/NAME.png, charts/NAME.svg),
// the exported tables (NAME.csv) and the results files the command writes.
const (
	PDFName  = doc.PDFName
	HTMLName = doc.HTMLName
	MDName   = doc.MDName
	JSONName = doc.JSONName
)

// Doc is a study's report: the report model every writer renders.
type Doc = doc.Doc

// WriteReport renders the document with summary as its machine-readable part (written as
// summary.json) and writes every file of the report into dir: report.pdf, report.html,
// summary.md, summary.json, the exported tables and the charts. Everything is rendered
// before anything is written, and nothing is renamed into place unless every file could
// be written. It returns the names written, relative to dir.
func WriteReport(dir string, d *Doc, summary any) ([]string, error) {
	d.Data = summary
	files, err := doc.Render(d)
	if err != nil {
		return nil, err
	}
	if err := doc.WriteAll(dir, files); err != nil {
		return nil, err
	}
	return doc.Names(files), nil
}

// newDoc starts a study's report: its title, the provenance and the generator.
func (m Meta) newDoc(title string, extra ...doc.KV) *Doc {
	d := doc.New(title)
	d.Generator = m.Tool
	d.Provenance = m.provenance(extra...)
	if !m.Complete {
		d.Intro = append(d.Intro, doc.Alert("Incomplete: the study was interrupted; the report covers only the games that were finished."))
	}
	return d
}

// Meta is the provenance of a study.
type Meta struct {
	Tool    string          `json:"tool"`
	Command string          `json:"command"`
	Game    string          `json:"game"`
	Title   string          `json:"gameTitle"`
	Players int             `json:"players"`
	Params  json.RawMessage `json:"params"`
	Seed    uint64          `json:"seed"`
	// Complete is false when the study was interrupted: the report then covers only the
	// games that were finished.
	Complete bool `json:"complete"`
}

// provenance lists the meta data for the report's first page.
func (m Meta) provenance(extra ...doc.KV) []doc.KV {
	title := m.Title
	if title == "" {
		title = m.Game
	}
	pv := []doc.KV{
		{Key: "Game", Value: fmt.Sprintf("%s, %d players", title, m.Players)},
		{Key: "Rules", Value: string(m.Params)},
		{Key: "Seed", Value: fmt.Sprint(m.Seed)},
	}
	pv = append(pv, extra...)
	pv = append(pv, doc.KV{Key: "Command", Value: m.Command}, doc.KV{Key: "Tool", Value: m.Tool})
	if !m.Complete {
		pv = append(pv, doc.KV{Key: "Status", Value: "INCOMPLETE: interrupted; only the games finished are counted"})
	}
	return pv
}
