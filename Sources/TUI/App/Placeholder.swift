import Library
import CNcurses
import CChafa
func _probe() { var c = cchar_t(); _ = setcchar(&c, nil, 0, 0, nil); _ = chafa_canvas_config_new() }
