// Package pdftext reads back the text of the PDFs that reports/doc writes, for tests: the
// pages' content streams are inflated and their string literals decoded from UTF-16BE
// (the fonts are Unicode). It is not a general PDF reader.
package pdftext

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
)

// Pages returns, for each page in order, its text strings in drawing order.
func Pages(pdf []byte) ([][]string, error) {
	var pages [][]string
	rest := string(pdf)
	for {
		i := strings.Index(rest, "<</Type /Page\n")
		if i < 0 {
			break
		}
		rest = rest[i+len("<</Type /Page\n"):]
		// The page's /Contents is the next object: "/Filter /FlateDecode … stream".
		s := strings.Index(rest, "stream\n")
		e := strings.Index(rest, "endstream")
		if s < 0 || e < s {
			return nil, fmt.Errorf("page %d without a content stream", len(pages)+1)
		}
		raw := []byte(rest[s+len("stream\n") : e])
		zr, err := zlib.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", len(pages)+1, err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", len(pages)+1, err)
		}
		pages = append(pages, Strings(plain))
	}
	return pages, nil
}

// Texts returns each page's strings joined by newlines.
func Texts(pdf []byte) ([]string, error) {
	pages, err := Pages(pdf)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(pages))
	for i, p := range pages {
		out[i] = strings.Join(p, "\n")
	}
	return out, nil
}

// Strings decodes the string literals "(…)" of a content stream.
func Strings(stream []byte) []string {
	var out []string
	for i := 0; i < len(stream); i++ {
		if stream[i] != '(' {
			continue
		}
		var lit []byte
		for i++; i < len(stream) && stream[i] != ')'; i++ {
			if stream[i] == '\\' && i+1 < len(stream) {
				i++
				switch c := stream[i]; c {
				case 'n':
					lit = append(lit, '\n')
				case 'r':
					lit = append(lit, '\r')
				case 't':
					lit = append(lit, '\t')
				default:
					lit = append(lit, c)
				}
				continue
			}
			lit = append(lit, stream[i])
		}
		u := make([]uint16, len(lit)/2)
		for k := range u {
			u[k] = uint16(lit[2*k])<<8 | uint16(lit[2*k+1])
		}
		out = append(out, string(utf16.Decode(u)))
	}
	return out
}
