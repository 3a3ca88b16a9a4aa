import csv
import sys


def clean(path):
    rows = []
    f = open(path)
    for r in csv.reader(f):
        if len(r) < 3:
            continue
        if r[2] == "":
            continue
        name = r[0].strip().lower()
        age = int(r[1])
        if age < 0 or age > 130:
            continue
        score = float(r[2])
        if score > 100:
            score = 100
        rows.append([name, age, score])
    out = []
    for row in rows:
        found = False
        for o in out:
            if o[0] == row[0]:
                found = True
        if not found:
            out.append(row)
    return out


if __name__ == "__main__":
    for row in clean(sys.argv[1]):
        print(",".join(str(v) for v in row))
