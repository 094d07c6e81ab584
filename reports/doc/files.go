package doc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sync/errgroup"
)

// File is one output file: its name in the report directory and its bytes.
type File struct {
	Name string
	Data []byte
}

// Render produces every file of the report in memory: report.pdf, report.html,
// summary.md, summary.json, the exported tables as NAME.csv, and every chart as
// charts/NAME.png and charts/NAME.svg. The same document gives the same bytes.
func Render(d *Doc) ([]File, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	var pdf, page, md, js []byte
	var csvs []File
	var g errgroup.Group
	g.Go(func() (err error) { pdf, err = d.PDF(); return })
	g.Go(func() (err error) {
		if page, err = d.HTML(); err != nil {
			return err
		}
		if md, err = d.Markdown(); err != nil {
			return err
		}
		if js, err = d.JSON(); err != nil {
			return err
		}
		csvs, err = d.CSV()
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	files := []File{{PDFName, pdf}, {HTMLName, page}, {MDName, md}, {JSONName, js}}
	files = append(files, csvs...)
	for _, c := range d.Charts() {
		files = append(files, File{ChartsDir + "/" + c.Name + ".png", c.PNG})
		if len(c.SVG) > 0 {
			files = append(files, File{ChartsDir + "/" + c.Name + ".svg", c.SVG})
		}
	}
	return files, nil
}

// Names lists the files' names.
func Names(files []File) []string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	return names
}

// DirError is an error of WriteAll about the directory itself (it cannot be created or
// written into): the caller's input, rather than a failure while writing.
type DirError struct{ Err error }

func (e DirError) Error() string { return e.Err.Error() }
func (e DirError) Unwrap() error { return e.Err }

// WriteAll writes every file to a temporary name in dir, then renames them all into
// place; on an error the temporary files (and the subdirectories this call made) are
// removed and nothing is renamed, so an error never leaves a half-written report.
func WriteAll(dir string, files []File) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return DirError{fmt.Errorf("cannot create the report directory: %w", err)}
	}
	temps := make([]string, 0, len(files))
	var made []string // subdirectories this call created, removed again on failure
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
		for i := len(made) - 1; i >= 0; i-- {
			os.Remove(made[i]) // only if empty: never another run's charts
		}
	}
	for _, f := range files {
		sub := filepath.Dir(filepath.Join(dir, f.Name))
		if _, err := os.Stat(sub); err != nil {
			made = append(made, sub)
		}
		if err := os.MkdirAll(sub, 0o755); err != nil {
			cleanup()
			return DirError{fmt.Errorf("cannot create %s: %w", sub, cause(err))}
		}
		tmp, err := os.CreateTemp(sub, "."+filepath.Base(f.Name)+".tmp*")
		if err != nil {
			cleanup()
			return DirError{fmt.Errorf("cannot write the report into %s: %w", dir, cause(err))}
		}
		temps = append(temps, tmp.Name())
		_, err = tmp.Write(f.Data)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(tmp.Name(), 0o644)
		}
		if err != nil {
			cleanup()
			return fmt.Errorf("cannot write %s: %w", filepath.Join(dir, f.Name), err)
		}
	}
	for i, f := range files {
		if err := os.Rename(temps[i], filepath.Join(dir, f.Name)); err != nil {
			cleanup()
			return fmt.Errorf("cannot write %s: %w", filepath.Join(dir, f.Name), err)
		}
	}
	return nil
}

// cause strips the path from a file-system error (the message names the path already).
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
