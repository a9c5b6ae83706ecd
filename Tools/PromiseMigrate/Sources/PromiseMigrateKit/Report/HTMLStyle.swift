extension HTMLRenderer {
    /// The page's only style sheet: light and dark, no web fonts.
    static let style = """
        :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --line: #d2d2d7;
          --track: #e8e8ed; --fill: #2f855a; --callback: #c53030; --promise: #b7791f; --mixed: #805ad5;
          --async: #2b6cb0; --done: #2f855a; }
        @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #1c1c1e; --muted: #a1a1a6;
          --line: #3a3a3c; --track: #2c2c2e; } }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; }
        main { max-width: 1100px; margin: 0 auto; padding: 24px; }
        h1 { margin: 0 0 4px; font-size: 28px; } h2 { margin: 32px 0 8px; font-size: 20px; }
        code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .lead, .muted, .where, footer { color: var(--muted); }
        table { width: 100%; border-collapse: collapse; } table.narrow { width: auto; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: middle; }
        th { font-weight: 600; } .num { text-align: right; font-variant-numeric: tabular-nums; }
        td.bar { width: 220px; }
        .scroll { overflow-x: auto; } td.num { white-space: nowrap; }
        th.num { white-space: normal; min-width: 4em; }
        .progress { position: relative; height: 18px; min-width: 160px; background: var(--track);
          border-radius: 9px; overflow: hidden; }
        .progress .fill { height: 100%; background: var(--fill); }
        .progress span { position: absolute; inset: 0; text-align: center; font-size: 12px; line-height: 18px;
          font-weight: 600; }
        header .progress { height: 24px; max-width: 480px; } header .progress span { line-height: 24px; }
        .chip { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; color: #fff;
          background: var(--muted); }
        .chip.callback { background: var(--callback); } .chip.promise { background: var(--promise); }
        .chip.mixed { background: var(--mixed); } .chip.async { background: var(--async); }
        .chip.done { background: var(--done); }
        .steps li, .warnings li, .diagnostics li { margin: 6px 0; }
        details { margin: 8px 0; } summary { cursor: pointer; padding: 4px 0; }
        a { color: inherit; } ul.done { columns: 2; font-size: 13px; }
        footer { margin-top: 40px; font-size: 13px; }
        h3 { margin: 20px 0 6px; font-size: 16px; }
        .figures { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
        .figure { flex: 1 1 150px; border: 1px solid var(--line); border-radius: 10px; padding: 10px 14px; }
        .figure b { display: block; font-size: 28px; line-height: 1.2; font-variant-numeric: tabular-nums; }
        .figure span { display: block; font-weight: 600; } .figure small { color: var(--muted); font-size: 12px; }
        ol.first li { margin: 10px 0; font-size: 16px; }
        ol.first code, ol.steps code { overflow-wrap: anywhere; }
        .owner { display: inline-block; padding: 0 7px; border: 1px solid var(--line); border-radius: 10px;
          font-size: 12px; color: var(--muted); white-space: nowrap; }
        details.done { color: var(--muted); font-size: 13px; }
        @media (max-width: 640px) { main { padding: 12px; } td.bar { width: auto; } .figure b { font-size: 22px; } }
        """
}
