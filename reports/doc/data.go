package doc

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// CSV renders every exported table — each shown table with a name, then the Exports —
// as NAME.csv: a header of the columns' keys, then one line per row with the raw values
// (an Interval column as KEY_lo and KEY_hi; floats to 8 significant digits, NaN empty;
// Volatile columns left out).
func (d *Doc) CSV() ([]File, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	var files []File
	for _, t := range append(d.Tables(), d.Exports...) {
		if t.Name == "" {
			continue
		}
		data, err := tableCSV(t)
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", t.Name, err)
		}
		files = append(files, File{t.Name + ".csv", data})
	}
	return files, nil
}

func tableCSV(t *Table) ([]byte, error) {
	span := make([]bool, len(t.Columns))
	for _, r := range t.Rows {
		for j, c := range r {
			if _, ok := c.Value.(Interval); ok {
				span[j] = true
			}
		}
	}
	var head []string
	for j, c := range t.Columns {
		if c.Volatile {
			continue
		}
		k := c.Key
		if k == "" {
			k = strings.ReplaceAll(Slug(c.Head), "-", "_")
		}
		if span[j] {
			head = append(head, k+"_lo", k+"_hi")
		} else {
			head = append(head, k)
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.Write(head); err != nil {
		return nil, err
	}
	for _, r := range t.Rows {
		var rec []string
		for j := range t.Columns {
			if t.Columns[j].Volatile {
				continue
			}
			var c Cell
			if j < len(r) {
				c = r[j]
			}
			if span[j] {
				if iv, ok := c.Value.(Interval); ok {
					rec = append(rec, csvFloat(iv.Lo), csvFloat(iv.Hi))
				} else {
					rec = append(rec, "", "")
				}
				continue
			}
			rec = append(rec, csvValue(c))
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

func csvFloat(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 8, 64)
}

func csvValue(c Cell) string {
	switch v := c.Value.(type) {
	case nil:
		return c.Text
	case float64:
		return csvFloat(v)
	case Number:
		return csvFloat(float64(v))
	case float32:
		return csvFloat(float64(v))
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case bool:
		return strconv.FormatBool(v)
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

// JSON renders summary.json: the title, the generator and the provenance (an object in
// the provenance's order), then the fields of Data when it encodes as an object whose
// keys do not clash with those, else Data under "data". Indented, with a final newline.
func (d *Doc) JSON() ([]byte, error) {
	var b bytes.Buffer
	str := func(s string) { q, _ := json.Marshal(s); b.Write(q) } // a string always encodes
	b.WriteString(`{"title":`)
	str(d.Title)
	if d.Generator != "" {
		b.WriteString(`,"generator":`)
		str(d.Generator)
	}
	if len(d.Provenance) > 0 {
		b.WriteString(`,"provenance":{`)
		seen := map[string]int{}
		first := true
		for _, kv := range d.Provenance {
			if kv.Volatile {
				continue
			}
			key := kv.Key
			if seen[key]++; seen[key] > 1 {
				key = fmt.Sprintf("%s (%d)", key, seen[key])
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			str(key)
			b.WriteByte(':')
			str(kv.Value)
		}
		b.WriteByte('}')
	}
	if d.Data != nil {
		data, err := json.Marshal(d.Data)
		if err != nil {
			return nil, fmt.Errorf("summary data: %w", err)
		}
		var fields map[string]json.RawMessage
		clash := json.Unmarshal(data, &fields) != nil
		for _, k := range []string{"title", "generator", "provenance"} {
			if _, ok := fields[k]; ok {
				clash = true
			}
		}
		inner := bytes.TrimSpace(data)
		switch {
		case clash:
			b.WriteString(`,"data":`)
			b.Write(data)
		case len(fields) > 0:
			b.WriteByte(',')
			b.Write(inner[1 : len(inner)-1])
		}
	}
	b.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, fmt.Errorf("summary: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}
