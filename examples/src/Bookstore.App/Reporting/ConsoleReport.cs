using static System.Console;

namespace Bookstore.App.Reporting
{
    /// <summary>Overloads that differ by parameter type and arity.</summary>
    internal static class ConsoleReport
    {
        public static void Line(string text) => WriteLine(text);

        public static void Line(string label, object? value) => WriteLine($"{label}: {value}");

        public static void Line(Book book) => Line(book.Title, book.Price);

        public static void Line(IEnumerable<Book> books)
        {
            foreach (var book in books)
            {
                Line(book);
            }
        }

        public static void Heading(string title)
        {
            WriteLine();
            WriteLine(title);
            WriteLine(new string('-', title.Length));
        }

        public static T Show<T>(T value) where T : notnull
        {
            Line(typeof(T).Name, value);
            return value;
        }
    }
}
