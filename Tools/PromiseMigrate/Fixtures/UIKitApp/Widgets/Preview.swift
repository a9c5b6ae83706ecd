/// Excluded from the Widgets target by the synchronized folder's exception: it belongs to no target.
struct WidgetPreview {}
