#include "workbenchapp.h"

#include <QApplication>
#include <QMainWindow>

namespace kwb::ui {

int runWorkbench(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QMainWindow w;
    w.show();
    return app.exec();
}

} // namespace kwb::ui
